import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';

// Issue 29 §4: the widget's "How was this conversation?" answer, posted to POST /leads with
// kind 'feedback', is stored with its conversation; a repeat is harmless, a bad rating refused.

describe('feedback at the desk', () => {
  let desk: TestDesk;

  beforeAll(async () => {
    desk = await startTestDesk({}, { deliver: false, weeklyReport: false });
  }, 180_000);
  afterAll(() => desk?.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    kind: 'feedback',
    idempotencyKey: 'fb-1',
    conversationId: 'call-77',
    channel: 'call',
    rating: 4,
    comment: 'Quick and clear',
    givenAt: '2026-11-27T05:40:00.000Z',
    pageUrl: 'https://brokerage.example/listings/14-linden',
    ...overrides,
  });

  it('stores the rating and comment by conversation, once', async () => {
    const first = await postJson(`${desk.url}/leads`, body());
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await postJson(`${desk.url}/leads`, body());
    expect(again.status).toBe(200);
    const rows = await desk.services.database.db
      .selectFrom('conversation_feedback')
      .selectAll()
      .where('conversation_id', '=', 'call-77')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'call',
      rating: 4,
      comment: 'Quick and clear',
      page_url: 'https://brokerage.example/listings/14-linden',
      demo: false,
    });
  });

  it('refuses a rating outside 1 to 5, naming it', async () => {
    const res = await postJson(`${desk.url}/leads`, body({ idempotencyKey: 'fb-2', rating: 7 }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('rating');
  });
});
