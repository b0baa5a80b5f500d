import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Numbers } from '../../desk/inbox/api-contract.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody, postJson, type TestDesk } from '../helpers/desk-harness.ts';
import { type ApiSession, api } from '../helpers/inbox-api.ts';
import { startInboxTestDesk, stopInboxTestDesk } from '../helpers/inbox-test-desk.ts';

// Every consented conversation reaches the numbers (issue 26 §4): the widget's report of a
// conversation without a capture, over POST /leads, counts in GET /api/numbers, by source too.

const CONSENT = {
  version: 'v1',
  text: 'This call is recorded.',
  acceptedAt: '2026-11-27T02:00:00Z',
};
const FROM_ADS = { utmSource: 'google', utmMedium: 'cpc', gclid: true };

describe.each([pglite(), postgres()])(
  'the numbers over POST /leads on $name',
  (database: DatabaseUnderTest) => {
    let desk: TestDesk;
    let broker: ApiSession;

    beforeAll(async () => {
      ({ desk, broker } = await startInboxTestDesk(database));
    }, 180_000);
    afterAll(() => stopInboxTestDesk(desk, database));

    const numbers = async () =>
      (await (await api(desk.url, broker, '/api/numbers?days=7')).json()) as Numbers;

    it('counts a conversation without a capture once, and a capture’s conversion by source', async () => {
      const now = new Date().toISOString();
      const report = (id: string, key: string) => ({
        kind: 'conversation',
        idempotencyKey: key,
        conversationId: id,
        channel: 'chat',
        startedAt: now,
        durationSeconds: 40,
        pageUrl: 'https://maple-ridge.example/listings/14',
        listing: { address: '14 Linden Court' },
        visitSource: FROM_ADS,
      });
      const first = await postJson(`${desk.url}/leads`, report('chat-no-capture', 'r-1'));
      expect(first.status, await first.clone().text()).toBe(201);
      // The same report again (a retry from the device) counts nothing more.
      await postJson(`${desk.url}/leads`, report('chat-no-capture', 'r-2'));
      const capture = await postJson(
        `${desk.url}/leads`,
        leadBody({
          conversationId: 'call-with-capture',
          toolCallId: 'tool-1',
          capturedAt: now,
          consent: CONSENT,
          visitSource: FROM_ADS,
        }),
      );
      expect(capture.status, await capture.clone().text()).toBe(201);
      const withWords = await postJson(`${desk.url}/leads`, {
        ...report('call-with-capture', 'r-3'),
        channel: 'call',
        messages: [{ role: 'user', text: 'I would like to see it on Saturday.' }],
      });
      expect(withWords.status).toBe(201);

      const figures = await numbers();
      expect(figures.total).toMatchObject({
        conversations: 2,
        calls: 1,
        chats: 1,
        captures: 1,
        newLeads: 1,
        conversionRate: 0.5,
      });
      expect(figures.bySource).toEqual([
        expect.objectContaining({ key: 'google / cpc', conversations: 2, newLeads: 1 }),
      ]);
      // The chat without a capture has no agent; the call has its lead's.
      expect(figures.byAgent.map((r) => [r.key, r.conversations]).sort()).toEqual(
        [
          ['(none)', 1],
          [figures.byAgent.find((r) => r.key !== '(none)')?.key, 1],
        ].sort(),
      );
    });
  },
);
