import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { ChatTranscript } from '../../widget/leads/chat-transcript.ts';
import type { ConversationDelivery } from '../../widget/leads/conversation-delivery.ts';
import { ChatLog } from '../../widget/session/chat/delivery/chat-log.ts';

const START = Date.UTC(2026, 10, 25, 21, 0, 0);
const ENDPOINT = 'https://desk.example/leads';

/** A typed chat on its own page, and what its transcript delivered. */
function typedChat(agreed?: boolean) {
  const view = new Window({ url: 'https://brokerage.example/listings/14?name=Sam' });
  const log = new ChatLog();
  const sent: Array<{ endpoint: string; body: ConversationDelivery }> = [];
  let keys = 0;
  const transcript = new ChatTranscript(log, {
    view: view as unknown as globalThis.Window,
    deliver: (endpoint, body) => sent.push({ endpoint, body }),
    pageHref: () => view.location.href,
    demo: false,
    now: () => START + 60_000,
    newKey: () => `chat-key-${++keys}`,
    ...(agreed !== undefined && {
      listing: { address: '14 Linden Court' },
      visitSource: () => ({ utmSource: 'google', gclid: true as const }),
      report: () => (agreed ? { conversationId: 'chat-1', endpoint: ENDPOINT } : null),
    }),
  });
  const hide = (): void => {
    Object.defineProperty(view.document, 'visibilityState', {
      value: 'hidden',
      configurable: true,
    });
    view.document.dispatchEvent(new view.Event('visibilitychange'));
  };
  return { view, log, sent, transcript, hide };
}

describe('a typed chat’s transcript (docs/behaviour.md#leads)', () => {
  it('is sent when the visitor closes the chat, after an agreed capture, with the typed lines', () => {
    const { log, sent, transcript } = typedChat();
    log.record(1, { role: 'user', text: 'Can I book 2 PM on Saturday?', at: START + 1000 });
    log.record(2, { role: 'assistant', text: 'Booked for Saturday at 2:00 PM.', at: START + 2500 });
    transcript.captured('chat-1', ENDPOINT, true);
    log.end();
    expect(sent.map((s) => s.endpoint)).toEqual([ENDPOINT]);
    const body = sent[0]?.body;
    expect(body?.messages).toEqual([
      { role: 'user', text: 'Can I book 2 PM on Saturday?', secondsFromStart: 0 },
      { role: 'assistant', text: 'Booked for Saturday at 2:00 PM.', secondsFromStart: 1.5 },
    ]);
    // The query can carry personal data: origin and path only.
    expect(body).toMatchObject({
      kind: 'conversation',
      channel: 'chat',
      conversationId: 'chat-1',
      idempotencyKey: 'chat-key-1',
      pageUrl: 'https://brokerage.example/listings/14',
      startedAt: '2026-11-25T21:00:01.000Z',
      endedAt: '2026-11-25T21:01:00.000Z',
      durationSeconds: null,
    });
  });

  it('sends nothing without a capture, or when the capture carried no agreement', () => {
    const { log, sent, transcript, view, hide } = typedChat();
    log.record(1, { role: 'user', text: 'Hello', at: START });
    log.end();
    transcript.captured('chat-1', ENDPOINT, false);
    log.end();
    view.dispatchEvent(new view.Event('pagehide'));
    hide();
    expect(sent).toEqual([]);
  });

  it('the page hidden ends it too; later lines go again whole, under a new key, and nothing new sends nothing', () => {
    const { log, sent, transcript, view, hide } = typedChat();
    log.record(1, { role: 'user', text: 'Book 2 PM', at: START });
    transcript.captured('chat-1', ENDPOINT, true);
    // A second capture in another turn keeps the first one's conversation id.
    transcript.captured('chat-2', ENDPOINT, true);
    hide();
    view.dispatchEvent(new view.Event('pagehide'));
    log.end();
    expect(sent.map((s) => s.body.messages.length)).toEqual([1]);
    log.record(2, { role: 'assistant', text: 'Booked.', at: START + 1000 });
    view.dispatchEvent(new view.Event('pagehide'));
    expect(sent.map((s) => [s.body.idempotencyKey, s.body.conversationId])).toEqual([
      ['chat-key-1', 'chat-1'],
      ['chat-key-2', 'chat-1'],
    ]);
    expect(sent[1]?.body.messages.map((m) => m.text)).toEqual(['Book 2 PM', 'Booked.']);
  });

  it('keeps a line sent again after a failure once, and forgets one that never reached the assistant', () => {
    const { log, sent, transcript } = typedChat();
    log.record(1, { role: 'user', text: 'First try', at: START });
    log.drop(1);
    log.record(2, { role: 'user', text: 'Retried', at: START + 10 });
    log.record(2, { role: 'user', text: 'Retried', at: START + 10 });
    transcript.captured('chat-1', ENDPOINT, true);
    log.end();
    expect(sent[0]?.body.messages.map((m) => m.text)).toEqual(['Retried']);
  });

  it('without a capture, reports an agreed chat that said anything once, without its words', () => {
    const { log, sent, view } = typedChat(true);
    log.end();
    expect(sent).toEqual([]);
    log.record(1, { role: 'user', text: 'Is the garden south-facing?', at: START });
    log.end();
    view.dispatchEvent(new view.Event('pagehide'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      kind: 'conversation',
      conversationId: 'chat-1',
      channel: 'chat',
      messages: [],
      listing: { address: '14 Linden Court' },
      visitSource: { utmSource: 'google', gclid: true },
    });
    expect(JSON.stringify(sent[0]?.body)).not.toContain('garden');
  });

  it('reports nothing for a chat the visitor did not agree to', () => {
    const { log, sent } = typedChat(false);
    log.record(1, { role: 'user', text: 'Hello', at: START });
    log.end();
    expect(sent).toEqual([]);
  });
});
