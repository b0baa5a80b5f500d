import { describe, expect, it } from 'vitest';
import { parseInbound } from '../../widget/demo/inbound.ts';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import {
  appendEntry,
  EMPTY_CHAT,
  setStatus,
  setWaiting,
} from '../../widget/session/chat/chat-state.ts';
import { continueThread } from '../../widget/session/chat/delivery/chat-reply-state.ts';
import { replyText } from '../../widget/session/chat/web-chat/reply-text.ts';
import { visitorOverrides } from '../../widget/session/visitor-overrides.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

describe('chat state', () => {
  it('produces transcript entries in order, typed ones marked', () => {
    let [state, id] = appendEntry(EMPTY_CHAT, {
      role: 'user',
      text: 'Hi',
      typed: true,
      status: 'sending',
    });
    state = setWaiting(state, true);
    [state] = appendEntry(setWaiting(setStatus(state, id, 'sent'), false), {
      role: 'assistant',
      text: 'Hello!',
      typed: true,
    });
    [state] = appendEntry(state, { role: 'assistant', text: 'Spoken line', typed: false, at: 42 });
    expect(state.entries).toEqual([
      { id: 1, role: 'user', text: 'Hi', typed: true, status: 'sent', at: 0 },
      { id: 2, role: 'assistant', text: 'Hello!', typed: true, status: 'sent', at: 0 },
      { id: 3, role: 'assistant', text: 'Spoken line', typed: false, status: 'sent', at: 42 },
    ]);
    expect(state.waiting).toBe(false);
    expect(EMPTY_CHAT.entries).toEqual([]);
  });

  it('carries the conversation by session when given one, else by the last chat id', () => {
    expect(continueThread(EMPTY_CHAT, { id: 'chat_1' }).thread).toEqual({
      previousChatId: 'chat_1',
    });
    expect(continueThread(EMPTY_CHAT, { id: 'chat_1', sessionId: 's1' }).thread).toEqual({
      sessionId: 's1',
    });
  });

  it('reads the assistant’s text from a /chat/web response', () => {
    expect(
      replyText({
        output: [
          { role: 'assistant', content: ' First. ' },
          { role: 'tool', content: 'ignored' } as never,
          { role: 'assistant', content: 'Second.' },
        ],
      }),
    ).toBe('First.\n\nSecond.');
    expect(replyText({ output: [] })).toBe('');
  });
});

describe('visitorOverrides', () => {
  it('adds the language variable and the consent metadata, keeping the host’s overrides', () => {
    const consent = { version: 'v1', acceptedAt: '2026-11-23T00:00:00.000Z' };
    expect(
      visitorOverrides(
        { firstMessage: 'Hola', variableValues: { city: 'Austin' }, metadata: { page: 'home' } },
        { language: 'es', consent },
      ),
    ).toEqual({
      firstMessage: 'Hola',
      variableValues: { language: 'es', city: 'Austin' },
      metadata: { page: 'home', consent },
    });
    expect(visitorOverrides(undefined, { language: 'en', consent: null })).toEqual({
      variableValues: { language: 'en' },
    });
    // A language the host set on purpose wins.
    expect(
      visitorOverrides(
        { variableValues: { language: 'es-MX' } },
        { language: 'es', consent: null },
      ),
    ).toEqual({ variableValues: { language: 'es-MX' } });
  });
});

describe('demo inbound add-message', () => {
  it('reads a typed line, and whether it asks for an answer', () => {
    expect(
      parseInbound(
        JSON.stringify({ type: 'add-message', message: { role: 'user', content: 'Price?' } }),
      ),
    ).toEqual({ kind: 'add-message', text: 'Price?', triggerResponse: true });
    expect(
      parseInbound({
        type: 'add-message',
        message: { role: 'user', content: 'FYI' },
        triggerResponseEnabled: false,
      }),
    ).toEqual({ kind: 'add-message', text: 'FYI', triggerResponse: false });
    expect(parseInbound({ type: 'add-message', message: {} })).toEqual({
      kind: 'ignored',
      type: 'add-message',
    });
  });
});

describe('chat and consent attributes', () => {
  const parse = (values: Partial<AttributeValues>) =>
    parseAttributes(attributeValues({ assistantId: 'a', ...values }));

  it('chat is on unless chat="off"; anything else is warned about and ignored', () => {
    expect(parse({}).chat).toBe(true);
    expect(parse({ chat: 'OFF' }).chat).toBe(false);
    const maybe = parse({ chat: 'maybe' });
    expect([maybe.chat, maybe.problems]).toEqual([true, []]);
    expect(maybe.warnings).toEqual([{ attribute: 'chat', value: 'maybe', expected: 'on or off' }]);
  });

  it('consent takes its text and an http(s) or relative link, never a script URL', () => {
    expect(parse({ consent: ' Recorded. ', consentUrl: '/terms' }).consent).toEqual({
      text: 'Recorded.',
      url: new URL('/terms', document.baseURI).href,
    });
    const bad = parse({ consent: 'Recorded.', consentUrl: 'javascript:alert(1)' });
    expect(bad.consent).toEqual({ text: 'Recorded.', url: null });
    expect(bad.problems).toEqual([]);
    expect(bad.warnings).toHaveLength(1);
    expect(parse({ consentUrl: 'https://example.com/terms' }).consent).toBeNull();
  });
});
