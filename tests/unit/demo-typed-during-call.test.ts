import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_CHAT_START, demoReply } from '../../widget/demo/chat-replies.ts';
import { Conversation } from '../../widget/demo/conversation.ts';
import { FIRST_MESSAGE_DELAY_MS, REPLY_DELAY_MS } from '../../widget/demo/demo-timings.ts';
import { SCRIPT } from '../../widget/demo/script.ts';
import type { DemoServerMessage } from '../../widget/demo/server-messages.ts';
import { FAKE_DURATIONS, FakeAudioEngine } from '../fixtures/demo/fake-audio-engine.ts';

// docs/behaviour.md#chat: a question typed during a demo call pauses the script for its answer.

let audio: FakeAudioEngine;
let finals: string[];
let conversation: Conversation;

beforeEach(() => {
  vi.useFakeTimers();
  audio = new FakeAudioEngine();
  finals = [];
  conversation = new Conversation({
    audio,
    send: (m: 'listening' | DemoServerMessage) => {
      if (m !== 'listening' && m.type === 'transcript' && m.transcriptType === 'final') {
        finals.push(`${m.role}: ${m.transcript}`);
      }
    },
    hangUp: () => undefined,
  });
});

afterEach(() => {
  conversation.dispose();
  vi.useRealTimers();
});

describe('a question typed during the demo call', () => {
  it('typed while the visitor speaks: their turn ends, the typed reply, then the script answers', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    audio.micLevelValue = 0.1;
    await vi.advanceTimersByTimeAsync(1500);
    expect(finals).toHaveLength(1);
    conversation.handle({ kind: 'add-message', text: 'Is there parking?', triggerResponse: true });
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS + 10);
    expect(audio.playing).toBe('note');
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.note + REPLY_DELAY_MS + 10);
    expect(audio.played).toEqual(['greeting', 'note', 'listing']);
    expect(finals.slice(1, 3)).toEqual([
      `user: ${SCRIPT[0]?.visitorLine}`,
      `assistant: ${demoReply('Is there parking?', DEMO_CHAT_START).reply}`,
    ]);
  });

  it('typed while the script waits for the visitor: answered, and the script still waits', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    conversation.handle({ kind: 'add-message', text: 'Is there parking?', triggerResponse: true });
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.note + 10_000);
    expect(audio.played).toEqual(['greeting', 'note']);
  });
});
