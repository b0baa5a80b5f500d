import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail, LeadListPage, Numbers } from '../../desk/inbox/api-contract.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody, postJson, type TestDesk, viewingBody } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api } from '../helpers/inbox-api.ts';
import { startInboxTestDesk, stopInboxTestDesk } from '../helpers/inbox-test-desk.ts';

interface Lead {
  name: string;
  listing?: Record<string, string>;
  words?: string;
  demo?: boolean;
}

// Each file's leads on PGlite and on a real PostgreSQL: the search and keyset SQL run on both.
describe.each([pglite(), postgres()])('the inbox API on $name', (database: DatabaseUnderTest) => {
  let desk: TestDesk;
  let broker: ApiSession;
  let daniel: ApiSession;
  let count = 0;

  async function addLead(lead: Lead): Promise<string> {
    count += 1;
    const conversationId = `inbox-api-${count}`;
    const res = await postJson(
      `${desk.url}/leads`,
      leadBody({
        conversationId,
        toolCallId: `tool-${count}`,
        capturedAt: new Date().toISOString(),
        listing: lead.listing ?? { address: '14 Linden Court', id: 'MRR-14-LINDEN' },
        fields: {
          name: lead.name,
          email: `visitor${count}@example.com`,
          phone: `+1 604 555 ${String(2000 + count)}`,
          intent: 'buy',
          consentToContact: true,
        },
        ...(lead.demo && { demo: true }),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    if (lead.words) {
      const conv = await postJson(`${desk.url}/leads`, {
        kind: 'conversation',
        idempotencyKey: `conv-${conversationId}`,
        conversationId,
        messages: [{ role: 'user', text: lead.words, secondsFromStart: 2 }],
        ...(lead.demo && { demo: true }),
      });
      expect(conv.status, await conv.clone().text()).toBeLessThan(300);
    }
    return String(((await res.json()) as { id: string }).id);
  }

  async function list(session: ApiSession, query = ''): Promise<LeadListPage> {
    const res = await api(desk.url, session, `/api/leads${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as LeadListPage;
  }
  const names = (page: LeadListPage) => page.leads.map((l) => l.name);

  beforeAll(async () => {
    ({ desk, broker, daniel } = await startInboxTestDesk(database));
  }, 180_000);
  afterAll(() => stopInboxTestDesk(desk, database));

  it('shows demo leads while only demo leads exist, then hides them by default', async () => {
    await addLead({ name: 'Dora Demo', demo: true, words: 'we love the fireplace' });
    const onlyDemo = await list(broker);
    expect(names(onlyDemo)).toEqual(['Dora Demo']);
    expect(onlyDemo.demoHidden).toBe(false);
    expect(onlyDemo.leads[0]?.demo).toBe(true);
    await addLead({ name: 'Rita Real' });
    const hidden = await list(broker);
    expect(names(hidden)).toEqual(['Rita Real']);
    expect(hidden.demoHidden).toBe(true);
    expect(names(await list(broker, '?demo=show'))).toEqual(['Rita Real', 'Dora Demo']);
    expect((await api(desk.url, broker, '/api/leads?demo=maybe')).status).toBe(400);
  });

  it('filters on unclaimed leads (?unclaimed=yes), counts them whatever the filters, and refuses any other value', async () => {
    const claimed = await addLead({ name: 'Cleo Claimed', words: 'the quartzite counters' });
    await addLead({ name: 'Una Unclaimed', words: 'the quartzite counters' });
    const before = (await list(broker, '?q=nothing-matches-this')).unclaimedCount;
    expect(before).toBeGreaterThanOrEqual(2);
    const res = await api(desk.url, broker, `/api/leads/${claimed}/claim`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    // The tab title's count covers every unclaimed New lead, whatever the filters.
    expect((await list(broker, '?q=nothing-matches-this')).unclaimedCount).toBe(before - 1);
    const both = await list(broker, '?q=quartzite');
    const rows = both.leads.map((l) => [l.name, l.unclaimed]);
    expect(rows.sort()).toEqual([
      ['Cleo Claimed', false],
      ['Una Unclaimed', true],
    ]);
    expect(names(await list(broker, '?q=quartzite&unclaimed=yes'))).toEqual(['Una Unclaimed']);
    expect((await api(desk.url, broker, '/api/leads?unclaimed=no')).status).toBe(400);
  });

  it('finds a lead by a transcript word, a phone number, an email, a listing and a note', async () => {
    const id = await addLead({
      name: 'Pat Pergola',
      words: 'Does it still have the cedar pergola?',
    });
    await addLead({ name: 'Gus Garage', words: 'Is the garage heated?' });
    expect(names(await list(broker, '?q=pergola'))).toEqual(['Pat Pergola']);
    expect(names(await list(broker, '?q=garages'))).toEqual(['Gus Garage']);
    const detail = (await (await api(desk.url, broker, `/api/leads/${id}`)).json()) as LeadDetail;
    const phone = detail.person.phone ?? '';
    expect(names(await list(broker, `?q=${encodeURIComponent(phone)}`))).toEqual(['Pat Pergola']);
    const digits = phone.replace(/\D/g, '').slice(-10);
    expect(names(await list(broker, `?q=${digits}`))).toEqual(['Pat Pergola']);
    expect(names(await list(broker, `?q=${detail.person.email}`))).toEqual(['Pat Pergola']);
    await api(desk.url, broker, `/api/leads/${id}/notes`, {
      method: 'POST',
      body: { text: 'Prefers a wisteria-covered entrance' },
    });
    expect(names(await list(broker, '?q=wisteria'))).toEqual(['Pat Pergola']);
    expect(names(await list(broker, '?q=Linden&status=New')).length).toBeGreaterThan(1);
    const plan = await desk.services.database.db.selectNoFrom((eb) => eb.val(1).as('x')).execute();
    expect(plan).toHaveLength(1);
  });

  it('pages by keyset: no lead twice, none missed, newest first, and refuses a forged cursor', async () => {
    const all = names(await list(broker, '?limit=100'));
    const seen: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const page: LeadListPage = await list(
        broker,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.leads.length).toBeLessThanOrEqual(2);
      seen.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(all.length).toBeGreaterThan(2);
    expect((await api(desk.url, broker, '/api/leads?cursor=abc')).status).toBe(400);
    expect((await api(desk.url, broker, '/api/leads?limit=101')).status).toBe(400);
  });

  // PostgreSQL refuses a NUL in text; it used to surface as a 500 (issue 31 #6).
  it('answers a NUL in a filter, in the list and the CSV export, with a 400 naming it', async () => {
    for (const path of ['/api/leads', '/api/leads.csv']) {
      for (const name of ['q', 'agent', 'listing']) {
        const res = await api(desk.url, broker, `${path}?${name}=a%00b`);
        expect(res.status, `${path}?${name}`).toBe(400);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('bad-request');
        expect(body.error.message).toMatch(new RegExp(`^${name} `));
      }
    }
    expect((await api(desk.url, broker, '/api/leads?q=a')).status).toBe(200);
  });

  it("shows an agent only their own leads; another agent's is 404 on every route", async () => {
    const mine = await addLead({ name: 'Dan Own' });
    const theirs = await addLead({
      name: 'Priya Other',
      listing: { address: '9 Birch Lane', agentName: 'Priya Sandhu' },
    });
    const page = await list(daniel, '?demo=show');
    expect(names(page)).toContain('Dan Own');
    expect(names(page)).not.toContain('Priya Other');
    expect(page.leads.every((l) => l.agent.email === ACCOUNTS.daniel.email)).toBe(true);
    // The listing filter offers an agent only their own listings.
    expect(page.filters.listings).toEqual(['14 Linden Court']);
    expect((await list(broker)).filters.listings).toEqual(['14 Linden Court', '9 Birch Lane']);
    expect((await api(desk.url, daniel, `/api/leads/${mine}`)).status).toBe(200);
    const refused = [
      api(desk.url, daniel, `/api/leads/${theirs}`),
      api(desk.url, daniel, `/api/leads/${theirs}`, { method: 'PATCH', body: { status: 'Lost' } }),
      api(desk.url, daniel, `/api/leads/${theirs}/notes`, { method: 'POST', body: { text: 'x' } }),
      api(desk.url, daniel, '/api/leads/not-a-uuid'),
      api(desk.url, broker, '/api/leads/00000000-0000-4000-8000-000000000000'),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(404);
    }
    const theirsNow = (await (
      await api(desk.url, broker, `/api/leads/${theirs}`)
    ).json()) as LeadDetail;
    expect(theirsNow.status).toBe('New');
    const assign = await api(desk.url, daniel, `/api/leads/${mine}`, {
      method: 'PATCH',
      body: { assignedTo: ACCOUNTS.priya.email },
    });
    expect(assign.status).toBe(403);
    const agents = (await (await api(desk.url, daniel, '/api/agents')).json()) as unknown[];
    expect(agents).toEqual([{ name: 'Daniel Okafor', email: ACCOUNTS.daniel.email }]);
  });

  it('writes each change to the audit log with user, time and what changed', async () => {
    const id = await addLead({ name: 'Ada Audit' });
    const lead = `/api/leads/${id}`;
    const patched = await api(desk.url, broker, lead, {
      method: 'PATCH',
      body: { status: 'Contacted', assignedTo: ACCOUNTS.priya.email },
    });
    expect(patched.status).toBe(200);
    const detail = (await patched.json()) as LeadDetail;
    expect(detail.resolvedFrom).toEqual({ id, reason: 'capture' });
    expect(detail.status).toBe('Contacted');
    expect(detail.assignedTo.email).toBe(ACCOUNTS.priya.email);
    await api(desk.url, broker, `${lead}/notes`, {
      method: 'POST',
      body: { text: 'Left a voicemail' },
    });
    expect(
      (await api(desk.url, broker, lead, { method: 'PATCH', body: { status: 'Open' } })).status,
    ).toBe(400);
    const csv = await api(desk.url, broker, '/api/leads.csv?status=Contacted');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toMatch(/^id,received_at,kind,status,name/);
    expect(rows.some((r) => r.startsWith(detail.id) && r.includes('Ada Audit'))).toBe(true);
    const audit = await desk.services.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_email', 'at', 'lead_id', 'detail'])
      .where((eb) => eb.or([eb('lead_id', '=', detail.id), eb('action', '=', 'export')]))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.user_email])).toEqual([
      ['assignment', ACCOUNTS.broker.email],
      ['status', ACCOUNTS.broker.email],
      ['note', ACCOUNTS.broker.email],
      ['export', ACCOUNTS.broker.email],
    ]);
    expect(audit[1]?.detail).toEqual({ from: 'New', to: 'Contacted' });
    expect(audit[0]?.detail).toMatchObject({ to: ACCOUNTS.priya.email });
    expect(audit[3]?.detail).toMatchObject({ filters: { status: 'Contacted' } });
    expect(audit.every((a) => a.at instanceof Date)).toBe(true);
  });

  it('retries a dead delivery (409 for one that is not dead) and counts speed to lead', async () => {
    const id = await addLead({ name: 'Rex Retry' });
    const { db } = desk.services.database;
    const job = await db
      .selectFrom('deliveries')
      .select('id')
      .where('capture_id', '=', id)
      .executeTakeFirstOrThrow();
    const retry = `/api/deliveries/${job.id}/retry`;
    expect((await api(desk.url, broker, retry, { method: 'POST' })).status).toBe(409);
    await db
      .updateTable('deliveries')
      .set({ status: 'dead', last_error: 'SMTP 550' })
      .where('id', '=', job.id)
      .execute();
    expect((await api(desk.url, daniel, retry, { method: 'POST' })).status).toBe(200);
    const after = await db
      .selectFrom('deliveries')
      .select('status')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('pending');

    await api(desk.url, daniel, `/api/leads/${id}`, {
      method: 'PATCH',
      body: { status: 'Contacted' },
    });
    const numbers = (await (
      await api(desk.url, broker, '/api/numbers?days=7&demo=hide')
    ).json()) as Numbers;
    expect(numbers.total.captures).toBeGreaterThan(3);
    expect(numbers.total.speedToLeadMedianSeconds).not.toBeNull();
    expect(numbers.byAgent.map((r) => r.key)).toContain('Daniel Okafor');
    const own = (await (await api(desk.url, daniel, '/api/numbers?days=30')).json()) as Numbers;
    expect(own.byAgent.map((r) => r.key)).toEqual(['Daniel Okafor']);
    expect((await api(desk.url, broker, '/api/numbers?days=12')).status).toBe(400);
  });

  it("sends each time with the desk's display text (pinned tz database), the same on every route", async () => {
    async function addViewing(name: string, capturedAt: string, said: string): Promise<LeadDetail> {
      count += 1;
      const res = await postJson(
        `${desk.url}/leads`,
        viewingBody({
          conversationId: `inbox-api-${count}`,
          toolCallId: `tool-${count}`,
          capturedAt,
          fields: { preferredTimes: [said], name, phone: `+1 604 555 ${String(3000 + count)}` },
        }),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      return (await (await api(desk.url, broker, `/api/leads/${id}`)).json()) as LeadDetail;
    }
    // Said on Thursday 26 November 2026 at 19:00 in Vancouver, which keeps UTC-7 (MST) from
    // 1 November 2026; Node's own tz 2025c would put it at 22:00 UTC, 3:00 PM in the inbox.
    const sunday = await addViewing('Sunny Sunday', '2026-11-27T02:00:00.000Z', 'Sunday 2:00 PM');
    const [sundayCapture] = sunday.captures;
    expect(sundayCapture?.viewingTimes[0]).toMatchObject({
      start: '2026-11-29T14:00:00.000-07:00',
      text: 'Sunday, November 29, 2026, 2:00 PM MST',
    });
    expect(new Date(sundayCapture?.viewingTimes[0]?.start ?? '').toISOString()).toBe(
      '2026-11-29T21:00:00.000Z',
    );
    expect(sundayCapture?.capturedAtText).toBe('Thursday, November 26, 2026, 7:00 PM MST');
    expect(sunday.consent.history[0]?.acceptedAtText).toBe(
      'Wednesday, November 25, 2026, 11:58 AM MST',
    );
    expect(sunday.timeline[0]?.atText).toBe(sunday.receivedAtText);

    // A platform lead's "tomorrow at 11am", said now: the list and the CSV show the detail's text.
    const tomorrow = await addViewing('Tom Morrow', new Date().toISOString(), 'tomorrow at 11am');
    const tomorrowTime = tomorrow.captures[0]?.viewingTimes[0];
    const text = tomorrowTime?.text ?? '';
    expect(text).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}, 11:00 AM M[SD]T$/);
    const [row] = (await list(broker, '?q=Morrow')).leads;
    expect(row?.nextViewing).toBe(tomorrowTime?.start);
    expect(row?.nextViewingText).toBe(text);
    expect(row?.receivedAtText).toBe(tomorrow.receivedAtText);
    const csv = (await (await api(desk.url, broker, '/api/leads.csv?q=Morrow')).text()).split(
      '\r\n',
    );
    expect(csv[0]).toMatch(
      /,received_at_text,next_viewing_text,captures,last_activity_at,last_activity_at_text$/,
    );
    expect(csv[1]).toContain(`,"${tomorrow.receivedAtText}","${text}",1,`);

    const numbers = (await (await api(desk.url, broker, '/api/numbers?days=7')).json()) as Numbers;
    expect(numbers.fromText).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M M[SD]T$/);
    expect(numbers.toText).toMatch(/ M[SD]T$/);
    // Whole days in the brokerage's zone: the period starts at midnight there.
    expect(numbers.fromText).toMatch(/, 12:00 AM M[SD]T$/);
  });
});
