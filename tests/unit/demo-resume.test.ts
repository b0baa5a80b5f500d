import { afterEach, describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../widget/demo/conversation.ts';
import {
  END_OF_TURN_SILENCE_MS,
  FIRST_MESSAGE_DELAY_MS,
  REPLY_DELAY_MS,
} from '../../widget/demo/demo-timings.ts';
import { CLIPS, SCRIPT } from '../../widget/demo/script.ts';
import type { DemoServerMessage } from '../../widget/demo/server-messages.ts';
import { FAKE_DURATIONS, FakeAudioEngine } from '../fixtures/demo/fake-audio-engine.ts';

// Issue 29 §1: a demo call resumed on the next page goes on with its script, from the
// visitor's answer to the last turn they heard whole, instead of greeting again.

function finals(sent: Array<'listening' | DemoServerMessage>, role: string): string[] {
  return sent.flatMap((message) =>
    message !== 'listening' &&
    message.type === 'transcript' &&
    message.role === role &&
    message.transcriptType === 'final'
      ? [message.transcript]
      : [],
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a resumed demo call', () => {
  it('after the greeting: waits for the visitor, then answers with the listing', async () => {
    vi.useFakeTimers();
    const audio = new FakeAudioEngine();
    const sent: Array<'listening' | DemoServerMessage> = [];
    const heardLines = SCRIPT[0]?.clips.length ?? 1;
    const conversation = new Conversation({
      audio,
      send: (message) => sent.push(message),
      hangUp: () => undefined,
      heardLines,
    });
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    expect(audio.played).toEqual([]);
    expect(finals(sent, 'assistant')).toEqual([]);

    audio.micLevelValue = 0.1;
    await vi.advanceTimersByTimeAsync(1500);
    audio.micLevelValue = 0;
    await vi.advanceTimersByTimeAsync(END_OF_TURN_SILENCE_MS + 100);
    expect(finals(sent, 'user')).toEqual([SCRIPT[0]?.visitorLine]);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS + FAKE_DURATIONS.listing);
    expect(audio.played[0]).toBe('listing');
    expect(finals(sent, 'assistant')[0]).toBe(CLIPS.listing.text);
    conversation.dispose();
  });
});
