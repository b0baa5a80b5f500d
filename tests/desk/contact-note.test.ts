import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail, Numbers } from '../../desk/inbox/api-contract.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody, postJson, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api } from '../helpers/inbox-api.ts';
import { startInboxTestDesk, stopInboxTestDesk } from '../helpers/inbox-test-desk.ts';

// Logging a contact claims the lead (issue 27 §2): a note marked as a call, text or email, over
// loopback on PGlite and PostgreSQL, claims an unclaimed lead for its writer, answers it for
// speed to lead, and counts in the numbers' time to claim by the agent who claimed.
describe.each([pglite(), postgres()])(
  'a note that logs a contact on $name',
  (database: DatabaseUnderTest) => {
    let desk: TestDesk;
    let broker: ApiSession;
    let daniel: ApiSession;

    beforeAll(async () => {
      ({ desk, broker, daniel } = await startInboxTestDesk(database));
    }, 180_000);
    afterAll(() => stopInboxTestDesk(desk, database));

    const note = (session: ApiSession, id: string, body: unknown) =>
      api(desk.url, session, `/api/leads/${id}/notes`, { method: 'POST', body });

    it('claims the lead for its writer when nobody has, and counts as first contact', async () => {
      const stored = await postJson(
        `${desk.url}/leads`,
        leadBody({
          conversationId: 'contact-note',
          toolCallId: 'contact-note-1',
          capturedAt: new Date().toISOString(),
          fields: { name: 'Cora Contact', phone: '+1 604 555 7311', intent: 'buy' },
        }),
      );
      expect(stored.status, await stored.clone().text()).toBe(201);
      const captureId = String(((await stored.json()) as { id: string }).id);
      const first = (await (await api(desk.url, daniel, `/api/leads/${captureId}`)).json()) as {
        id: string;
      };
      const id = first.id;

      const fax = await note(daniel, id, { text: 'Sent a fax', contact: 'fax' });
      expect(fax.status).toBe(400);
      expect(((await fax.json()) as { error: { code: string } }).error.code).toBe('bad-request');

      // A plain note claims nothing.
      const plain = await note(daniel, id, { text: 'Read the file' });
      expect(plain.status, await plain.clone().text()).toBe(200);
      expect(((await plain.json()) as LeadDetail).claimedBy).toBeNull();

      const call = await note(daniel, id, { text: 'Left a voicemail', contact: 'call' });
      expect(call.status, await call.clone().text()).toBe(200);
      const detail = (await call.json()) as LeadDetail;
      expect(detail.claimedBy?.email).toBe(ACCOUNTS.daniel.email);
      expect(detail.notes.map((n) => [n.text, n.contact])).toEqual([
        ['Read the file', null],
        ['Left a voicemail', 'call'],
      ]);
      expect(detail.timeline.map((t) => t.text).slice(-3)).toEqual([
        'Read the file',
        'Call: Left a voicemail',
        'Claimed by logging a contact',
      ]);

      // The broker's email later leaves the lead Daniel's.
      const email = await note(broker, id, { text: 'Sent the brochure', contact: 'email' });
      expect(((await email.json()) as LeadDetail).claimedBy?.email).toBe(ACCOUNTS.daniel.email);

      const numbers = (await (
        await api(desk.url, broker, '/api/numbers?days=7')
      ).json()) as Numbers;
      expect(numbers.total.newLeads).toBe(1);
      // The call was the first contact: speed to lead has its figure.
      expect(numbers.total.speedToLeadMedianSeconds).not.toBeNull();
      expect(numbers.timeToClaim.claimMinutes).toBe(desk.services.brokerage.claim.claimMinutes);
      expect(numbers.timeToClaim.total).toMatchObject({
        leads: 1,
        claimed: 1,
        claimedWithin: 1,
        claimedWithinShare: 1,
      });
      expect(numbers.timeToClaim.byAgent).toMatchObject([
        { key: ACCOUNTS.daniel.name, leads: 1, claimed: 1, claimedWithin: 1 },
      ]);
    });
  },
  240_000,
);
