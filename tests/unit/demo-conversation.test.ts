import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { Conversation } from '../../widget/demo/conversation.ts';
import {
  BETWEEN_CLIPS_MS,
  END_OF_TURN_SILENCE_MS,
  FIRST_MESSAGE_DELAY_MS,
  HANG_UP_DELAY_MS,
  REPLY_DELAY_MS,
  TOOL_RESULT_TIMEOUT_MS,
} from '../../widget/demo/demo-timings.ts';
import { CLIPS, SCRIPT } from '../../widget/demo/script.ts';
import type {
  DemoEndedReason,
  DemoServerMessage,
  ToolCalls,
} from '../../widget/demo/server-messages.ts';
import { FAKE_DURATIONS, FakeAudioEngine } from '../fixtures/demo/fake-audio-engine.ts';

type Sent = 'listening' | DemoServerMessage;

/** One readable line per message; assistant partials are summarised as "assistant partial". */
function label(message: Sent): string {
  if (message === 'listening') {
    return 'listening';
  }
  switch (message.type) {
    case 'status-update':
      return `status ${message.status}${message.endedReason ? ` ${message.endedReason}` : ''}`;
    case 'speech-update':
      return `${message.role} ${message.status}`;
    case 'tool-calls':
      return `tool-calls ${message.toolCallList.map((c) => `${c.id} ${c.function.name}`).join(', ')}`;
    default:
      return message.role === 'assistant' && message.transcriptType === 'partial'
        ? 'assistant partial'
        : `${message.role} ${message.transcriptType}: ${message.transcript}`;
  }
}

/** Collapses runs of "assistant partial" into one entry, so the lists stay readable. */
function compact(labels: string[]): string[] {
  return labels.filter((l, i) => !(l === 'assistant partial' && labels[i - 1] === l));
}

let audio: FakeAudioEngine;
let sent: Sent[];
let hangUp: Mock<(reason: DemoEndedReason) => void>;
let conversation: Conversation;

function labels(): string[] {
  return compact(sent.map(label));
}

/** The visitor speaks for `ms`, then is quiet until the end of their turn is detected. */
async function visitorSpeaks(ms = 1500): Promise<void> {
  audio.micLevelValue = 0.1;
  await vi.advanceTimersByTimeAsync(ms);
  audio.micLevelValue = 0;
  await vi.advanceTimersByTimeAsync(END_OF_TURN_SILENCE_MS + 100);
}

beforeEach(() => {
  vi.useFakeTimers();
  audio = new FakeAudioEngine();
  sent = [];
  hangUp = vi.fn<(reason: DemoEndedReason) => void>();
  conversation = new Conversation({ audio, send: (m) => sent.push(m), hangUp });
});

afterEach(() => {
  conversation.dispose();
  vi.useRealTimers();
});

const greeting = CLIPS.greeting.text;
const visitorFirst = SCRIPT[0]?.visitorLine ?? '';
const visitorSecond = SCRIPT[1]?.visitorLine ?? '';

describe('demo conversation', () => {
  it('follows the hero chat: greeting, listing and slots, booking, then hangs up', async () => {
    conversation.start();
    expect(labels()).toEqual(['listening', 'status in-progress']);
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    expect(labels()).toEqual([
      'listening',
      'status in-progress',
      'assistant started',
      'assistant partial',
      `assistant final: ${greeting}`,
      'assistant stopped',
    ]);

    sent = [];
    await visitorSpeaks();
    expect(labels()).toEqual([
      'user started',
      'user partial: Hi! Is the',
      `user final: ${visitorFirst}`,
      'user stopped',
    ]);

    sent = [];
    await vi.advanceTimersByTimeAsync(
      REPLY_DELAY_MS + FAKE_DURATIONS.listing + BETWEEN_CLIPS_MS + FAKE_DURATIONS.slots,
    );
    expect(audio.played).toEqual(['greeting', 'listing', 'slots']);
    expect(labels()).toEqual([
      'assistant started',
      'assistant partial',
      `assistant final: ${CLIPS.listing.text}`,
      'assistant stopped',
      'assistant started',
      'assistant partial',
      `assistant final: ${CLIPS.slots.text}`,
      'assistant stopped',
    ]);

    sent = [];
    await visitorSpeaks();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(labels()).toEqual([
      'user started',
      'user partial: 2:00 PM works',
      `user final: ${visitorSecond}`,
      'user stopped',
      'tool-calls demo-tool-call-1 request_viewing, demo-tool-call-2 capture_lead',
    ]);
    // The assistant waits for the page's tool results before it speaks.
    await vi.advanceTimersByTimeAsync(TOOL_RESULT_TIMEOUT_MS - 500);
    expect(audio.played).toEqual(['greeting', 'listing', 'slots']);
    sent = [];
    conversation.handle({ kind: 'tool-result', toolCallId: 'demo-tool-call-1', content: 'Saved.' });
    expect(audio.playing).toBeNull();
    conversation.handle({ kind: 'tool-result', toolCallId: 'demo-tool-call-2', content: 'Saved!' });
    expect(audio.playing).toBe('booked');
    expect(conversation.toolResults).toEqual([
      { toolCallId: 'demo-tool-call-1', content: 'Saved.' },
      { toolCallId: 'demo-tool-call-2', content: 'Saved!' },
    ]);
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.booked);
    expect(labels()).toEqual([
      'assistant started',
      'assistant partial',
      `assistant final: ${CLIPS.booked.text}`,
      'assistant stopped',
      'status ended assistant-said-end-call-phrase',
    ]);
    expect(conversation.ended).toBe(true);
    expect(hangUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(HANG_UP_DELAY_MS);
    expect(hangUp).toHaveBeenCalledExactlyOnceWith('assistant-said-end-call-phrase');
    expect(conversation.pendingTimers).toBe(0);
  });

  it('states the listing and the viewing slots of the hero chat', () => {
    const spokenTurn = SCRIPT[1]?.clips.map((clip) => CLIPS[clip].text).join(' ') ?? '';
    expect(spokenTurn).toContain('3-bedroom, 2-bath');
    expect(spokenTurn).toContain('$450,000');
    expect(spokenTurn).toContain('2:00 PM and 4:00 PM');
  });

  it('does not hear a muted visitor, and answers once they unmute and speak', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    conversation.setMicEnabled(false);
    sent = [];
    await visitorSpeaks(4000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
    expect(audio.played).toEqual(['greeting']);

    conversation.setMicEnabled(true);
    await visitorSpeaks();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(labels()).toContain(`user final: ${visitorFirst}`);
    expect(audio.played).toEqual(['greeting', 'listing']);
  });

  it('does not take the visitor’s voice as a turn while the assistant speaks', async () => {
    conversation.start();
    audio.micLevelValue = 0.2;
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting - 100);
    expect(
      sent.some((m) => m !== 'listening' && m.type === 'transcript' && m.role === 'user'),
    ).toBe(false);
  });

  it('answers say() with the offline note and the said text as the transcript', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    sent = [];
    conversation.handle({
      kind: 'say',
      text: 'Open house on Sunday!',
      endCallAfterSpoken: false,
      interruptAssistant: false,
    });
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.note);
    expect(audio.played).toEqual(['greeting', 'note']);
    expect(labels()).toEqual([
      'assistant started',
      'assistant partial',
      'assistant final: Open house on Sunday!',
      'assistant stopped',
    ]);
    // The visitor still has the floor afterwards.
    await visitorSpeaks();
    expect(labels()).toContain(`user final: ${visitorFirst}`);
  });

  it('speaks a recorded line when say() names one', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    conversation.handle({
      kind: 'say',
      text: CLIPS.slots.text,
      endCallAfterSpoken: false,
      interruptAssistant: false,
    });
    expect(audio.playing).toBe('slots');
  });

  it('queues say() after the current line unless it may interrupt the assistant', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + 1000);
    conversation.handle({
      kind: 'say',
      text: 'A',
      endCallAfterSpoken: false,
      interruptAssistant: false,
    });
    expect(audio.playing).toBe('greeting');
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.greeting);
    expect(audio.playing).toBe('note');

    sent = [];
    conversation.handle({
      kind: 'say',
      text: 'B',
      endCallAfterSpoken: false,
      interruptAssistant: true,
    });
    expect(audio.playing).toBe('note');
    expect(labels()).toEqual(['assistant stopped', 'assistant started']);
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.note);
    expect(labels()).toContain('assistant final: B');
    expect(labels()).not.toContain('assistant final: A');
  });

  it('ends the call after a say() with endCallAfterSpoken', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    sent = [];
    conversation.handle({
      kind: 'say',
      text: 'Goodbye for now.',
      endCallAfterSpoken: true,
      interruptAssistant: false,
    });
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.note + HANG_UP_DELAY_MS);
    expect(labels().slice(-2)).toEqual([
      'assistant stopped',
      'status ended assistant-ended-call-after-message-spoken',
    ]);
    expect(labels()).toContain('assistant final: Goodbye for now.');
    expect(hangUp).toHaveBeenCalledExactlyOnceWith('assistant-ended-call-after-message-spoken');
  });

  it('honours the assistant controls and end-call', async () => {
    conversation.start();
    conversation.handle({ kind: 'control', control: 'say-first-message' });
    expect(audio.playing).toBe('greeting');
    conversation.handle({ kind: 'control', control: 'mute-assistant' });
    expect(audio.voiceMuted).toBe(true);
    conversation.handle({ kind: 'control', control: 'unmute-assistant' });
    expect(audio.voiceMuted).toBe(false);

    conversation.handle({ kind: 'control', control: 'mute-customer' });
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.greeting);
    sent = [];
    await visitorSpeaks();
    expect(sent).toEqual([]);
    conversation.handle({ kind: 'control', control: 'unmute-customer' });

    conversation.handle({ kind: 'end-call' });
    expect(labels()).toEqual(['status ended customer-ended-call']);
    await vi.advanceTimersByTimeAsync(HANG_UP_DELAY_MS);
    expect(hangUp).toHaveBeenCalledExactlyOnceWith('customer-ended-call');
  });

  it('stops speaking and leaves no timer behind when disposed mid-sentence', async () => {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + 500);
    expect(audio.playing).toBe('greeting');
    conversation.dispose();
    expect(audio.playing).toBeNull();
    expect(conversation.pendingTimers).toBe(0);
    sent = [];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent.filter((m) => m === 'listening' || m.type !== 'speech-update')).toEqual([]);
    expect(hangUp).not.toHaveBeenCalled();
  });
});

describe('demo conversation: tool calls', () => {
  /** Plays the script up to the tool calls after the visitor's second answer. */
  async function toToolCalls(): Promise<void> {
    conversation.start();
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + FAKE_DURATIONS.greeting);
    await visitorSpeaks();
    await vi.advanceTimersByTimeAsync(
      REPLY_DELAY_MS + FAKE_DURATIONS.listing + BETWEEN_CLIPS_MS + FAKE_DURATIONS.slots,
    );
    sent = [];
    await visitorSpeaks();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
  }

  it('sends request_viewing and capture_lead as the platform does, with the visitor’s name and phone', async () => {
    await toToolCalls();
    const message = sent.find((m): m is ToolCalls => m !== 'listening' && m.type === 'tool-calls');
    if (message === undefined) {
      throw new Error('no tool-calls message');
    }
    expect(message.toolCallList.map((c) => [c.id, c.type, c.function.name])).toEqual([
      ['demo-tool-call-1', 'function', 'request_viewing'],
      ['demo-tool-call-2', 'function', 'capture_lead'],
    ]);
    const args = message.toolCallList.map((c) => JSON.parse(c.function.arguments));
    expect(args[0]).toEqual({
      preferred_times: ['Saturday 2:00 PM'],
      name: 'Sam Rivera',
      phone: '604 555 0134',
    });
    expect(args[1]).toMatchObject({
      name: 'Sam Rivera',
      phone: '604 555 0134',
      intent: 'buy',
      consent_to_contact: true,
    });
    expect(message.toolWithToolCallList.map((t) => t.toolCall.id)).toEqual([
      'demo-tool-call-1',
      'demo-tool-call-2',
    ]);
    // The visitor said what the tools carry.
    expect(visitorSecond).toContain('Sam Rivera');
    expect(visitorSecond).toContain('604 555 0134');
    expect(visitorSecond).toContain('2:00 PM');
  });

  it('goes on without results after the timeout, and ignores results it did not ask for', async () => {
    await toToolCalls();
    conversation.handle({ kind: 'tool-result', toolCallId: 'someone-else', content: 'x' });
    conversation.handle({ kind: 'tool-result', toolCallId: 'demo-tool-call-1', content: 'Saved.' });
    await vi.advanceTimersByTimeAsync(TOOL_RESULT_TIMEOUT_MS - 500);
    expect(audio.played).not.toContain('booked');
    await vi.advanceTimersByTimeAsync(500);
    expect(audio.playing).toBe('booked');
    expect(conversation.toolResults).toEqual([
      { toolCallId: 'demo-tool-call-1', content: 'Saved.' },
    ]);
    // A late result changes nothing.
    conversation.handle({ kind: 'tool-result', toolCallId: 'demo-tool-call-2', content: 'late' });
    expect(conversation.toolResults).toHaveLength(1);
  });

  it('leaves no timer behind when the visitor hangs up while it waits', async () => {
    await toToolCalls();
    conversation.handle({ kind: 'end-call' });
    await vi.advanceTimersByTimeAsync(HANG_UP_DELAY_MS);
    expect(hangUp).toHaveBeenCalledExactlyOnceWith('customer-ended-call');
    expect(conversation.pendingTimers).toBe(0);
    expect(audio.played).not.toContain('booked');
  });
});
