import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCaptures } from '../../desk/cli/export-command.ts';
import type { LeadDetail, LeadListPage } from '../../desk/inbox/api-contract.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
  viewingBody,
} from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, createAccounts } from '../helpers/inbox-api.ts';
import { startInboxTestDesk, stopInboxTestDesk } from '../helpers/inbox-test-desk.ts';

// One person, one lead (issue 26 §2), over loopback on PGlite and on a real PostgreSQL.
describe.each([pglite(), postgres()])(
  'leads in the inbox on $name',
  (database: DatabaseUnderTest) => {
    let desk: TestDesk;
    let broker: ApiSession;
    let daniel: ApiSession;
    let count = 0;

    /** A capture from `conversationId` by the person with `phone`; answers its capture id. */
    async function capture(
      kind: 'lead' | 'viewing-request',
      conversationId: string,
      person: { name: string; phone: string; notes?: string },
    ): Promise<string> {
      count += 1;
      const make = kind === 'lead' ? leadBody : viewingBody;
      const fields =
        kind === 'lead'
          ? {
              name: person.name,
              phone: person.phone,
              intent: 'buy',
              consentToContact: count % 2 === 0,
              ...(person.notes && { notes: person.notes }),
            }
          : { preferredTimes: ['Saturday 2:00 PM'], name: person.name, phone: person.phone };
      const res = await postJson(
        `${desk.url}/leads`,
        make({
          conversationId,
          toolCallId: `tool-${count}`,
          capturedAt: new Date().toISOString(),
          fields,
        }),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      return String(((await res.json()) as { id: string }).id);
    }

    async function endConversation(conversationId: string, words: string): Promise<void> {
      const res = await postJson(`${desk.url}/leads`, {
        kind: 'conversation',
        idempotencyKey: `conv-${conversationId}`,
        conversationId,
        messages: [{ role: 'user', text: words, secondsFromStart: 2 }],
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    }

    async function lead(session: ApiSession, id: string): Promise<LeadDetail> {
      const res = await api(desk.url, session, `/api/leads/${id}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as LeadDetail;
    }

    async function list(query: string): Promise<LeadListPage> {
      const res = await api(desk.url, broker, `/api/leads${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as LeadListPage;
    }

    const texts = (detail: LeadDetail) => detail.timeline.map((t) => t.text);

    beforeAll(async () => {
      ({ desk, broker, daniel } = await startInboxTestDesk(database));
    }, 180_000);
    afterAll(() => stopInboxTestDesk(desk, database));

    it('makes one person in two conversations one lead with both captures and conversations', async () => {
      const person = { name: 'Olive Once', phone: '+1 604 555 7001' };
      const first = await capture('lead', 'model-a', person);
      const viewing = await capture('viewing-request', 'model-a', person);
      await endConversation('model-a', 'Can I see the sunroom?');
      const later = await capture('lead', 'model-b', person);
      await endConversation('model-b', 'Calling back about the sunroom');
      const detail = await lead(broker, viewing);
      expect(detail.resolvedFrom).toEqual({ id: viewing, reason: 'capture' });
      expect((await lead(broker, first)).id).toBe(detail.id);
      expect(detail.captures.map((c) => [c.id, c.kind])).toEqual([
        [first, 'lead'],
        [viewing, 'viewing-request'],
        [later, 'lead'],
      ]);
      expect(detail.conversations.map((c) => c.id)).toEqual(['model-a', 'model-b']);
      expect(detail.conversations[1]?.messages[0]?.text).toBe('Calling back about the sunroom');
      expect(texts(detail)).toEqual([
        'Received, assigned to Daniel Okafor (listing agent)',
        'Viewing requested',
        'Conversation ended',
        'Returned, details left',
        'Conversation ended',
      ]);
      // Each capture keeps its own consent; the lead shows the latest.
      expect(detail.consent.history.map((c) => c.captureId)).toEqual([first, viewing, later]);
      expect(detail.consent.consentToContact).toBe(detail.captures[2]?.consent.consentToContact);
      const rows = (await list('?q=Olive')).leads;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: detail.id,
        name: 'Olive Once',
        captures: 3,
        listings: ['14 Linden Court'],
        unclaimed: true,
      });
      expect(rows[0]?.nextViewing).not.toBeNull();
      expect(rows[0]?.lastActivityAtText).toMatch(/ M[SD]T$/);
    });

    it('exports a line per capture with its leadId, and the inbox CSV a line per lead', async () => {
      const person = { name: 'Exa Export', phone: '+1 604 555 7010' };
      const first = await capture('lead', 'model-x1', person);
      const second = await capture('viewing-request', 'model-x2', person);
      const { id } = await lead(broker, first);
      const lines: Record<string, unknown>[] = [];
      await exportCaptures(desk.services.database.db, (l) => lines.push(JSON.parse(l)));
      const mine = lines.filter((l) => l.id === first || l.id === second);
      expect(mine.map((l) => [l.id, l.leadId])).toEqual([
        [second, id],
        [first, id],
      ]);
      expect(Object.keys(mine[0] ?? {})).toEqual([
        'id',
        'leadId',
        'kind',
        'idempotencyKey',
        'conversationId',
        'capturedAt',
        'receivedAt',
        'source',
        'demo',
        'status',
        'person',
        'listing',
        'fields',
        'assignedTo',
        'assignmentReason',
        'consent',
        'pageUrl',
        'viewingTimes',
        'conversation',
        'deliveries',
      ]);
      const csv = (await (await api(desk.url, broker, '/api/leads.csv?q=Exa')).text())
        .trim()
        .split('\r\n');
      expect(csv).toHaveLength(2);
      expect(csv[1]).toMatch(new RegExp(`^${id},[^,]+,viewing-request; lead,New,Exa Export,`));
      expect(csv[1]).toContain(',2,');
    });

    it('keeps history append-only: a reassignment adds a line and the first never changes', async () => {
      const id = (
        await lead(
          broker,
          await capture('lead', 'model-c', { name: 'Hal History', phone: '+1 604 555 7002' }),
        )
      ).id;
      const path = `/api/leads/${id}`;
      await api(desk.url, broker, path, { method: 'PATCH', body: { status: 'Contacted' } });
      const moved = await api(desk.url, broker, path, {
        method: 'PATCH',
        body: { assignedTo: ACCOUNTS.priya.email },
      });
      expect(moved.status).toBe(200);
      await api(desk.url, broker, `${path}/notes`, {
        method: 'POST',
        body: { text: 'Call after 5' },
      });
      const detail = await lead(broker, id);
      expect(texts(detail)).toEqual([
        'Received, assigned to Daniel Okafor (listing agent)',
        'Status New → Contacted',
        // Logging a contact claims the lead (issue 27 §2).
        'Claimed by logging a contact',
        'Reassigned to Priya Sandhu (was Daniel Okafor)',
        'Call after 5',
      ]);
      expect(detail.timeline.map((t) => t.by)).toEqual([
        null,
        ACCOUNTS.broker.name,
        ACCOUNTS.broker.name,
        ACCOUNTS.broker.name,
        ACCOUNTS.broker.name,
      ]);
      expect(detail.notes.map((n) => n.text)).toEqual(['Call after 5']);
      expect(detail.assignedTo.email).toBe(ACCOUNTS.priya.email);
      // Every capture of the lead follows it; Daniel no longer sees it.
      const { db } = desk.services.database;
      const copies = await db
        .selectFrom('captures')
        .select(['assigned_email', 'status'])
        .where('lead_id', '=', id)
        .execute();
      expect(copies).toEqual([{ assigned_email: ACCOUNTS.priya.email, status: 'Contacted' }]);
      expect((await api(desk.url, daniel, path)).status).toBe(404);
      // The database itself refuses to rewrite a line.
      await expect(
        db.updateTable('lead_events').set({ kind: 'status' }).where('lead_id', '=', id).execute(),
      ).rejects.toThrow(/append-only/);
    });

    it('takes a return a week later into the same lead, back to New only from Closed or Lost', async () => {
      const person = { name: 'Rory Return', phone: '604-555-7003' };
      const id = (await lead(broker, await capture('lead', 'model-d1', person))).id;
      const path = `/api/leads/${id}`;
      await api(desk.url, broker, path, { method: 'PATCH', body: { status: 'Contacted' } });
      expect((await lead(broker, await capture('lead', 'model-d2', person))).id).toBe(id);
      expect((await lead(broker, id)).status).toBe('Contacted');
      // Each capture carries its lead's status, which its deliveries and the export read.
      const copies = () =>
        desk.services.database.db
          .selectFrom('captures')
          .select('status')
          .where('lead_id', '=', id)
          .execute();
      expect(await copies()).toEqual([{ status: 'Contacted' }, { status: 'Contacted' }]);
      await api(desk.url, broker, path, { method: 'PATCH', body: { status: 'Closed' } });
      // The same number written another way is the same person.
      await capture('viewing-request', 'model-d3', { ...person, phone: '+1 (604) 555-7003' });
      const detail = await lead(broker, id);
      expect(detail.status).toBe('New');
      expect((await copies()).map((c) => c.status)).toEqual(['New', 'New', 'New']);
      expect(texts(detail).slice(-3)).toEqual([
        'Status Contacted → Closed',
        'Returned, viewing requested',
        'Status Closed → New (returned)',
      ]);
      expect((await list('?q=Rory')).leads).toHaveLength(1);
    });

    it("finds a lead by a word from the visitor's notes, a transcript and an agent's note", async () => {
      const id = (
        await lead(
          broker,
          await capture('lead', 'model-e', {
            name: 'Nia Notes',
            phone: '+1 604 555 7004',
            notes: 'We keep two alpacas',
          }),
        )
      ).id;
      await endConversation('model-e', 'Is there room for a greenhouse?');
      await api(desk.url, broker, `/api/leads/${id}/notes`, {
        method: 'POST',
        body: { text: 'Mentioned a kiln in the garage' },
      });
      for (const word of ['alpacas', 'greenhouse', 'kiln', '6045557004', 'Nia']) {
        expect(
          (await list(`?q=${word}`)).leads.map((l) => l.id),
          word,
        ).toEqual([id]);
      }
    });

    it('merges two leads of one person (broker only): both timelines, captures and notes on the survivor', async () => {
      const keep = (
        await lead(
          broker,
          await capture('lead', 'model-f1', { name: 'Mia Merge', phone: '+1 604 555 7005' }),
        )
      ).id;
      const gone = (
        await lead(
          broker,
          await capture('viewing-request', 'model-f2', {
            name: 'Mia M.',
            phone: '+1 604 555 7006',
          }),
        )
      ).id;
      await api(desk.url, broker, `/api/leads/${gone}/notes`, {
        method: 'POST',
        body: { text: 'Has a dog' },
      });
      const merge = (from: string, into: string, session = broker, csrf = true) =>
        api(desk.url, session, `/api/leads/${from}/merge`, {
          method: 'POST',
          body: { into },
          csrf,
        });
      expect((await merge(gone, keep, daniel)).status).toBe(403);
      expect((await merge(gone, keep, broker, false)).status).toBe(403);
      expect((await merge(keep, keep)).status).toBe(400);
      expect(
        (await api(desk.url, broker, `/api/leads/${gone}/merge`, { method: 'POST', body: {} }))
          .status,
      ).toBe(400);
      expect((await merge(gone, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      const merged = await merge(gone, keep);
      expect(merged.status, await merged.clone().text()).toBe(200);
      const detail = (await merged.json()) as LeadDetail;
      expect(detail.id).toBe(keep);
      expect(detail.captures.map((c) => c.kind)).toEqual(['lead', 'viewing-request']);
      expect(detail.notes.map((n) => n.text)).toEqual(['Has a dog']);
      expect(texts(detail)).toEqual([
        'Received, assigned to Daniel Okafor (listing agent)',
        'Received, assigned to Daniel Okafor (listing agent)',
        'Has a dog',
        "Merged with Mia M.'s lead",
      ]);
      // The merged id answers the survivor; the list shows one row; both are found by either name.
      expect((await lead(broker, gone)).resolvedFrom).toEqual({ id: gone, reason: 'merged' });
      expect((await list('?q=Mia')).leads.map((l) => l.id)).toEqual([keep]);
      expect((await list('?q=7006')).leads.map((l) => l.id)).toEqual([keep]);
      expect((await merge(gone, keep)).status).toBe(409);
      // A third lead: merging the survivor on takes the earlier merge with it.
      const third = (
        await lead(
          broker,
          await capture('lead', 'model-f3', { name: 'Max Third', phone: '+1 604 555 7007' }),
        )
      ).id;
      expect((await merge(third, gone)).status).toBe(409);
      expect((await merge(keep, third)).status).toBe(200);
      expect((await lead(broker, gone)).id).toBe(third);
      const last = await lead(broker, third);
      expect(last.captures).toHaveLength(3);
      expect(texts(last).filter((t) => t.startsWith('Received'))).toHaveLength(3);
      // The person of a merged lead who comes back joins the survivor.
      await capture('lead', 'model-f4', { name: 'Mia M.', phone: '+1 604 555 7006' });
      expect((await lead(broker, third)).captures).toHaveLength(4);
      const audit = await desk.services.database.db
        .selectFrom('audit_log')
        .select(['action', 'lead_id', 'detail'])
        .where('action', '=', 'merge')
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { action: 'merge', lead_id: keep, detail: { from: gone, into: keep } },
        { action: 'merge', lead_id: third, detail: { from: keep, into: third } },
      ]);
    });
  },
);

// Two desk processes share a PostgreSQL database: a capture may wait for a lead's row while a
// merge of that lead commits. It must join the survivor, not the lead that was merged.
describe('a capture that waits on a merge, on PostgreSQL', () => {
  const database = postgres();
  let desk: TestDesk;
  beforeAll(async () => {
    desk = await startTestDesk(
      { DATABASE_URL: await (database.freshUrl?.() ?? Promise.reject(new Error('no server'))) },
      { deliver: false, weeklyReport: false },
    );
    await createAccounts(desk.services.database.db);
  }, 180_000);
  afterAll(async () => {
    await desk?.close();
    await database.close();
  });

  it('joins the lead it was merged into', async () => {
    const post = (conversationId: string, name: string, phone: string) =>
      postJson(
        `${desk.url}/leads`,
        leadBody({ conversationId, toolCallId: `t-${conversationId}`, fields: { name, phone } }),
      );
    const { db } = desk.services.database;
    const leadOf = async (res: Response) => {
      const { id } = (await res.json()) as { id: string };
      const row = await db
        .selectFrom('captures')
        .select('lead_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.lead_id;
    };
    const keep = await leadOf(await post('race-1', 'Kai Keep', '+1 604 555 7101'));
    const gone = await leadOf(await post('race-2', 'Kai K.', '+1 604 555 7102'));
    let arrived: Promise<Response> | null = null;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('leads').select('id').where('id', '=', gone).forUpdate().execute();
      arrived = post('race-3', 'Kai K.', '+1 604 555 7102');
      // The capture is waiting for the merged lead's row.
      await until(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
        return (rows[0]?.n ?? 0) > 0;
      }, 'the capture to wait on the lead');
      await trx
        .updateTable('leads')
        .set({ merged_into: keep, merged_at: new Date() })
        .where('id', '=', gone)
        .execute();
      await trx
        .updateTable('captures')
        .set({ lead_id: keep })
        .where('lead_id', '=', gone)
        .execute();
    });
    const res = await (arrived as Promise<Response> | null);
    expect(res?.status).toBe(201);
    expect(res ? await leadOf(res) : null).toBe(keep);
  });
});
