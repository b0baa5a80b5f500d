import { describe, expect, it } from 'vitest';
import { parseConversationBody } from '../../desk/ingest/conversation-body.ts';
import { conversationDelivery } from '../../widget/leads/conversation-delivery.ts';

const START = Date.UTC(2026, 10, 23, 1, 0, 0);

describe('the transcript the widget delivers when a conversation ends', () => {
  const body = conversationDelivery({
    idempotencyKey: 'conv-1',
    conversationId: 'call-1',
    channel: 'call',
    lines: [
      { role: 'assistant', text: 'Hi, I’m Nora.', at: START + 1200 },
      { role: 'user', text: '  I’d like to see it Saturday. ', at: START + 4560 },
      { role: 'sample-visitor', text: 'Scripted words', at: START + 6000 },
      { role: 'assistant', text: '   ', at: START + 7000 },
    ],
    startedAt: START,
    endedAt: START + 65_000,
    durationMs: 64_400,
    pageHref: 'https://brokerage.example/listings/14?email=sam@example.org#top',
  });

  it('lists the spoken lines in order, timed from the start, the demo’s script marked', () => {
    expect(body).toEqual({
      kind: 'conversation',
      idempotencyKey: 'conv-1',
      conversationId: 'call-1',
      channel: 'call',
      messages: [
        { role: 'assistant', text: 'Hi, I’m Nora.', secondsFromStart: 1.2 },
        { role: 'user', text: 'I’d like to see it Saturday.', secondsFromStart: 4.6 },
        { role: 'sample-visitor', text: 'Scripted words', secondsFromStart: 6 },
      ],
      startedAt: '2026-11-23T01:00:00.000Z',
      endedAt: '2026-11-23T01:01:05.000Z',
      durationSeconds: 64,
      // The query and fragment can carry personal data: origin and path only.
      pageUrl: 'https://brokerage.example/listings/14',
    });
  });

  it('is exactly what the desk’s POST /leads takes as kind "conversation"', () => {
    const parsed = parseConversationBody(JSON.parse(JSON.stringify(body)));
    expect(parsed.idempotencyKey).toBe('conv-1');
    expect(parsed.conversation).toMatchObject({
      id: 'call-1',
      source: 'widget',
      channel: 'call',
      messages: body.messages,
      durationSeconds: 64,
      pageUrl: 'https://brokerage.example/listings/14',
      startedAt: '2026-11-23T01:00:00.000Z',
    });
  });

  it('marks the offline demo’s transcript as the desk marks its captures', () => {
    const demo = conversationDelivery({
      idempotencyKey: 'conv-2',
      conversationId: 'call-2',
      channel: 'call',
      lines: [],
      startedAt: START,
      endedAt: START,
      durationMs: null,
      pageHref: undefined,
      demo: true,
    });
    expect(demo.demo).toBe(true);
    expect(parseConversationBody(JSON.parse(JSON.stringify(demo))).conversation.demo).toBe(true);
    expect('demo' in body).toBe(false);
  });
});
