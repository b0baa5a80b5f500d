import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDelivery, LeadDetail } from '../../desk/inbox/api-contract.ts';
import { displayTime } from '../../desk/time/brokerage-time.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { postJson, startTestDesk, type TestDesk, viewingBody } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';

// Nothing listens here: the outbox does not run (deliver: false), so every job stays as the
// test sets it, and the adapters are enabled only so their jobs are queued.
const NOWHERE = 'http://127.0.0.1:9';
const ZONE = 'America/Vancouver';

describe.each([pglite(), postgres()])(
  "a lead's deliveries in the inbox API on $name",
  (database: DatabaseUnderTest) => {
    let desk: TestDesk;
    let broker: ApiSession;

    beforeAll(async () => {
      const url = database.freshUrl ? await database.freshUrl() : undefined;
      desk = await startTestDesk(
        {
          ...(url && { DATABASE_URL: url }),
          FUB_API_KEY: 'fub-lead-jobs-key',
          FUB_BASE_URL: NOWHERE,
          DESK_WEBHOOK_URL: `${NOWHERE}/hook`,
          DESK_WEBHOOK_SECRET: `whsec_${Buffer.from('lead-jobs-webhook-secret-32bytes').toString('base64')}`,
          TWILIO_ACCOUNT_SID: 'AC0000',
          TWILIO_AUTH_TOKEN: 'twilio-token',
          TWILIO_FROM: '+16045550199',
          TWILIO_BASE_URL: NOWHERE,
        },
        { deliver: false, weeklyReport: false },
      );
      await createAccounts(desk.services.database.db);
      broker = await apiSignIn(desk.url, ACCOUNTS.broker);
    }, 180_000);
    afterAll(async () => {
      await desk?.close();
      await database.close();
    });

    async function detail(id: string): Promise<LeadDetail> {
      const res = await api(desk.url, broker, `/api/leads/${id}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as LeadDetail;
    }
    const byName = (lead: LeadDetail, name: string): LeadDelivery => {
      const found = lead.deliveries.find((d) => d.name === name);
      expect(found, `${name} in ${lead.deliveries.map((d) => d.name).join(' | ')}`).toBeDefined();
      return found as LeadDelivery;
    };

    it('lists every job about the lead in words, with its state, and retries a dead follow-up', async () => {
      const conversationId = `lead-jobs-${database.name}`;
      const res = await postJson(
        `${desk.url}/leads`,
        viewingBody({
          conversationId,
          capturedAt: new Date().toISOString(),
          fields: { preferredTimes: ['Saturday 2:00 PM'], name: 'Nia Jobs', phone: '604 555 0177' },
        }),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      // The capture's id names its lead too.
      const leadId = ((await res.json()) as { id: string }).id;
      const conv = await postJson(`${desk.url}/leads`, {
        kind: 'conversation',
        idempotencyKey: `conv-${conversationId}`,
        conversationId,
        channel: 'chat',
        messages: [{ role: 'user', text: 'Saturday at two works', secondsFromStart: 3 }],
      });
      expect(conv.status, await conv.clone().text()).toBeLessThan(300);
      const moved = await api(desk.url, broker, `/api/leads/${leadId}`, {
        method: 'PATCH',
        body: { assignedTo: ACCOUNTS.priya.email },
      });
      expect(moved.status, await moved.clone().text()).toBe(200);

      const before = await detail(leadId);
      // The alerts went to the listing agent; what follows goes to whoever has the lead now.
      expect(before.deliveries.map((d) => d.name).sort()).toEqual(
        [
          'Email alert to Daniel Okafor',
          'Email alert to Priya Sandhu (reassigned)',
          'Email reply to Priya Sandhu',
          'Follow Up Boss event (viewing requested)',
          'Follow Up Boss note (conversation)',
          'Text to Daniel Okafor',
          'Webhook conversation.completed',
          'Webhook viewing.requested',
        ].sort(),
      );
      expect(before.deliveries.every((d) => d.state === 'waiting')).toBe(true);

      // The CRM refused the note for good, and the webhook's receiver is down for now.
      const { db } = desk.services.database;
      const note = byName(before, 'Follow Up Boss note (conversation)');
      const hook = byName(before, 'Webhook viewing.requested');
      const nextTry = new Date(Date.now() + 20 * 60_000);
      await db
        .updateTable('jobs')
        .set({ status: 'dead', attempts: 1, last_error: 'Follow Up Boss HTTP 400: bad person' })
        .where('id', '=', note.id)
        .execute();
      await db
        .updateTable('jobs')
        .set({ attempts: 2, run_at: nextTry, last_error: 'webhook HTTP 503' })
        .where('id', '=', hook.id)
        .execute();
      await db
        .updateTable('jobs')
        .set({ status: 'delivered', attempts: 1, finished_at: new Date() })
        .where('id', '=', byName(before, 'Email alert to Daniel Okafor').id)
        .execute();

      const failed = await detail(leadId);
      expect(byName(failed, 'Follow Up Boss note (conversation)')).toMatchObject({
        kind: 'conversation-update',
        state: 'dead',
        lastError: 'Follow Up Boss HTTP 400: bad person',
        nextTryAt: null,
      });
      expect(byName(failed, 'Webhook viewing.requested')).toMatchObject({
        kind: 'delivery',
        state: 'retrying',
        attempts: 2,
        lastError: 'webhook HTTP 503',
        nextTryAt: nextTry.toISOString(),
        nextTryAtText: displayTime(nextTry, ZONE),
      });
      const sent = byName(failed, 'Email alert to Daniel Okafor');
      expect(sent.state).toBe('sent');
      expect(sent.sentAtText).not.toBeNull();

      const retry = (id: string) =>
        api(desk.url, broker, `/api/deliveries/${id}/retry`, { method: 'POST' });
      expect((await retry(hook.id)).status).toBe(409);
      const again = await retry(note.id);
      expect(again.status, await again.clone().text()).toBe(200);
      const after = (await again.json()) as LeadDetail;
      expect(byName(after, 'Follow Up Boss note (conversation)').state).toBe('retrying');
      expect(after.timeline.at(-1)).toMatchObject({
        kind: 'delivery-retry',
        text: 'Follow Up Boss note (conversation): sent again',
      });
    });
  },
);
