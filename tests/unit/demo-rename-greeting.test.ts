import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoChatStart, demoReply } from '../../widget/demo/chat-replies.ts';
import { Conversation } from '../../widget/demo/conversation.ts';
import { FIRST_MESSAGE_DELAY_MS } from '../../widget/demo/demo-timings.ts';
import { hostOfCall, hostScript, sampleMismatch } from '../../widget/demo/host-script.ts';
import { SCRIPT } from '../../widget/demo/script.ts';
import type { DemoServerMessage } from '../../widget/demo/server-messages.ts';
import { type LineVoice, SAMPLE_VOICE_OFF } from '../../widget/demo/synth-voice.ts';
import { FakeAudioEngine } from '../fixtures/demo/fake-audio-engine.ts';

// docs/demo.md: a renamed assistant's demo says in words why its recorded voice is off (never
// "recorded for another home" on the sample's own home), and the configured greeting
// (assistantOverrides.firstMessage) is the demo's first line, spoken or typed.

/** A browser with no speech voice: every line is a caption. */
const captionsOnly: LineVoice = {
  spoken: false,
  durationMs: () => 1500,
  speak: (_text, done) => setTimeout(done, 1500),
  stop: () => undefined,
};

/** The assistant's final transcripts of a demo call on `host`, up to its first line. */
async function firstLines(host: Parameters<typeof hostScript>[0]): Promise<string[]> {
  const sent: DemoServerMessage[] = [];
  const conversation = new Conversation({
    audio: new FakeAudioEngine(),
    send: (message) => {
      if (message !== 'listening') {
        sent.push(message);
      }
    },
    hangUp: () => undefined,
    host,
    script: hostScript(host),
    voice: captionsOnly,
  });
  conversation.start();
  await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + 6000);
  conversation.dispose();
  return sent.flatMap((m) =>
    m.type === 'transcript' && m.role === 'assistant' && m.transcriptType === 'final'
      ? [m.transcript]
      : [],
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the demo under another name', () => {
  it('says the voice was recorded as Nora, not for another home', async () => {
    vi.useFakeTimers();
    const [note, greeting] = await firstLines({ assistantName: 'Ava' });
    expect(note).toBe(
      'The sample voice is off: it was recorded as Nora, and this page calls its assistant Ava. This browser has no voice to read the new lines, so this demo shows captions only.',
    );
    expect(note).not.toBe(SAMPLE_VOICE_OFF);
    expect(greeting).toMatch(/^Hi, I’m Ava, the virtual assistant for 14 Linden Court/);
  });

  it('keeps “recorded for another home” for another home', async () => {
    vi.useFakeTimers();
    const [note] = await firstLines({ address: '22 Oak Street', assistantName: 'Ava' });
    expect(note).toBe(SAMPLE_VOICE_OFF);
  });
});

describe('the configured greeting', () => {
  const body = {
    assistantOverrides: {
      firstMessage: ' Welcome to Maple Ridge! I’m Ava. What can I do for you? ',
      variableValues: { language: 'en' },
    },
  };

  it('is read from the call’s assistantOverrides.firstMessage and is the call’s first line', async () => {
    vi.useFakeTimers();
    const host = hostOfCall(body);
    expect(host).toEqual({ greeting: 'Welcome to Maple Ridge! I’m Ava. What can I do for you?' });
    expect(sampleMismatch(host)).toBe('greeting');
    const [note, greeting] = await firstLines(host);
    expect(note).toContain('recorded with its own greeting');
    expect(greeting).toBe('Welcome to Maple Ridge! I’m Ava. What can I do for you?');
  });

  it('keeps the recording when the greeting is the recorded one', () => {
    const recorded = SCRIPT[0]?.clips[0] === 'greeting';
    expect(recorded).toBe(true);
    expect(
      hostScript({
        greeting:
          'Hi, I’m Nora, the virtual assistant at Maple Ridge Realty. How can I help you today?',
      }),
    ).toBe(SCRIPT);
  });

  it('greets the typed chat too', () => {
    const start = demoChatStart({ greeting: 'Welcome to Maple Ridge! What can I do for you?' });
    expect(demoReply('Hello', start).reply).toBe('Welcome to Maple Ridge! What can I do for you?');
  });
});
