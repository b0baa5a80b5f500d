import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';
import { startInboxTestDesk, stopInboxTestDesk } from '../helpers/inbox-test-desk.ts';
import { type LiveStream, names, openLive } from '../helpers/live-stream.ts';
import { postNewLead } from '../helpers/new-lead.ts';

describe.each([pglite(), postgres()])('the live inbox on $name', (database: DatabaseUnderTest) => {
  let desk: TestDesk;
  let broker: ApiSession;
  let daniel: ApiSession;
  let priya: ApiSession;

  /** Posts a new lead to `to`; resolves its capture and lead ids. */
  async function addLead(to: TestDesk = desk): Promise<{ captureId: string; leadId: string }> {
    const captureId = await postNewLead(to.url);
    const row = await to.services.database.db
      .selectFrom('captures')
      .select('lead_id')
      .where('id', '=', captureId)
      .executeTakeFirstOrThrow();
    return { captureId, leadId: row.lead_id };
  }

  beforeAll(async () => {
    ({ desk, broker, daniel, priya } = await startInboxTestDesk(database));
  }, 180_000);
  afterAll(() => stopInboxTestDesk(desk, database));

  it('tells open inboxes of a new lead and a claim within 2 s, with ids only', async () => {
    const streams = await Promise.all([broker, daniel, priya].map((s) => openLive(desk.url, s)));
    const [brokers, daniels, priyas] = streams as [LiveStream, LiveStream, LiveStream];
    try {
      const sent = Date.now();
      const { captureId, leadId } = await addLead();
      const heard = await brokers.next(names(leadId), 2000);
      expect(heard.at - sent).toBeLessThan(2000);
      await daniels.next(names(leadId), 2000);
      expect(heard.data).toBe(JSON.stringify({ ids: [leadId] }));
      const claimed = Date.now();
      const before = brokers.messages.length;
      const res = await api(desk.url, daniel, `/api/leads/${captureId}/claim`, { method: 'POST' });
      expect(res.status).toBe(200);
      const again = await brokers.next(
        (m) => brokers.messages.indexOf(m) >= before && names(leadId)(m),
        2000,
      );
      expect(again.at - claimed).toBeLessThan(2000);
      // Priya may not see Daniel's lead: she hears nothing of it.
      await new Promise((r) => setTimeout(r, 300));
      expect(priyas.messages.filter(names(leadId))).toEqual([]);
      // Nothing personal in any event.
      const all = [...brokers.messages, ...daniels.messages].map((m) => m.data).join('\n');
      expect(all).not.toMatch(/Sam|Rivera|555\D?0134|@/);
    } finally {
      for (const s of streams) {
        s.close();
      }
    }
  });

  it('refuses a request without a session (401)', async () => {
    const res = await fetch(`${desk.url}/api/live`);
    expect(res.status).toBe(401);
  });

  it('ends open streams when the desk stops, so it stops at once', async () => {
    const other = await startTestDesk(
      database.freshUrl ? { DATABASE_URL: await database.freshUrl() } : {},
      { deliver: false, weeklyReport: false },
    );
    await createAccounts(other.services.database.db);
    const stream = await openLive(other.url, await apiSignIn(other.url, ACCOUNTS.broker));
    const started = Date.now();
    await other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  }, 60_000);

  if (database.name === 'PostgreSQL') {
    it('carries a lead stored by one desk to inboxes open on another', async () => {
      const url = desk.services.env.databaseUrl ?? '';
      const second = await startTestDesk(
        { DATABASE_URL: url },
        { deliver: false, weeklyReport: false },
      );
      const stream = await openLive(desk.url, broker);
      try {
        const sent = Date.now();
        const { leadId } = await addLead(second);
        const heard = await stream.next(names(leadId), 2000);
        expect(heard.at - sent).toBeLessThan(2000);
      } finally {
        stream.close();
        await second.close();
      }
    }, 60_000);
  }
});
