import { describe, expect, it } from 'vitest';
import { en } from '../../widget/element/i18n/en.ts';
import { ANNOUNCE_AFTER_MS, ConversationStore } from '../../widget/session/conversation-store.ts';
import { callStatus } from '../../widget/ui/call-status.ts';

function store() {
  let now = 1000;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  const conversation = new ConversationStore({
    now: () => now,
    setTimeout: (run, ms) => {
      next += 1;
      timers.set(next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.run();
      }
    }
  };
  const said = (role: string, transcriptType: string, transcript: string) =>
    conversation.message({ type: 'transcript', role, transcriptType, transcript, timestamp: now });
  return { conversation, advance, said, snap: () => conversation.getSnapshot() };
}

describe('ConversationStore', () => {
  it('announces only final lines, one announcement for a turn of several lines', () => {
    const { conversation, advance, said, snap } = store();
    said('assistant', 'partial', 'Yes, 14');
    expect(snap().announcement).toBeNull();
    said('assistant', 'final', 'Yes, 14 Linden Court is available.');
    advance(500);
    said('assistant', 'final', 'Which suits you?');
    expect(snap().announcement).toBeNull();
    conversation.speech(false); // the assistant's turn is over
    expect(snap().announcement).toEqual({
      id: 1,
      role: 'assistant',
      text: 'Yes, 14 Linden Court is available. Which suits you?',
    });
    said('user', 'final', 'Two works.');
    advance(ANNOUNCE_AFTER_MS);
    expect(snap().announcement).toEqual({ id: 2, role: 'user', text: 'Two works.' });
  });

  it('announces a finished turn as soon as the other speaker starts', () => {
    const { said, snap } = store();
    said('user', 'final', 'Hello?');
    said('assistant', 'partial', 'Hi');
    expect(snap().announcement?.text).toBe('Hello?');
  });

  it('tracks who is speaking and the mute, and the call length after the end', () => {
    const { conversation, advance, said, snap } = store();
    conversation.callStarted();
    expect(snap().heard).toBe(false);
    conversation.speech(true);
    expect(snap().speaking).toBe('assistant');
    conversation.speech(false);
    expect(snap().speaking).toBeNull();
    said('user', 'partial', 'I would');
    expect(snap().speaking).toBe('user');
    said('user', 'final', 'I would like a viewing.');
    expect(snap().speaking).toBeNull();
    conversation.setMuted(true);
    expect(snap().muted).toBe(true);
    advance(83_000);
    conversation.callEnded();
    expect(snap()).toMatchObject({ endedAfterMs: 83_000, muted: false, speaking: null });
    expect(snap().lines).toHaveLength(1);
    conversation.reset();
    expect(snap()).toMatchObject({ lines: [], endedAfterMs: null, heard: false });
  });

  it('finalises a partial line when the call ends, and drops partials arriving later (issue 21)', () => {
    const { conversation, said, snap } = store();
    conversation.callStarted();
    said('user', 'final', 'Is it still available?');
    said('assistant', 'partial', 'Yes, the house on');
    conversation.callEnded();
    expect(snap().lines.map((line) => [line.text, line.final])).toEqual([
      ['Is it still available?', true],
      ['Yes, the house on…', true],
    ]);
    said('assistant', 'partial', 'Yes, the house on Linden');
    expect(snap().lines.map((line) => [line.text, line.final])).toEqual([
      ['Is it still available?', true],
      ['Yes, the house on…', true],
    ]);
  });

  it('shows no call length for a call that never connected', () => {
    const { conversation, snap } = store();
    conversation.callEnded();
    expect(snap().endedAfterMs).toBeNull();
  });
});

describe('callStatus', () => {
  const quiet = { muted: false, speaking: null, heard: false, endedAfterMs: null } as const;
  it('says who is speaking during a call, muted first', () => {
    expect(callStatus('active', 'Connected. Start talking.', quiet, 'Nora', en)).toBe(
      'Connected. Start talking.',
    );
    expect(callStatus('active', 'x', { ...quiet, speaking: 'assistant' }, 'Nora', en)).toBe(
      'Nora is speaking…',
    );
    expect(callStatus('active', 'x', { ...quiet, speaking: 'user' }, 'Nora', en)).toBe(
      'You are speaking…',
    );
    expect(callStatus('active', 'x', { ...quiet, heard: true }, 'Nora', en)).toBe('Listening…');
    expect(
      callStatus(
        'active',
        'x',
        { ...quiet, muted: true, speaking: 'assistant', heard: true },
        'Nora',
        en,
      ),
    ).toBe('Microphone muted. Nora can’t hear you.');
  });

  it('keeps the session’s sentence outside a call', () => {
    expect(callStatus('idle', 'Call ended.', { ...quiet, muted: true }, 'Nora', en)).toBe(
      'Call ended.',
    );
    expect(callStatus('connecting', '', quiet, 'Nora', en)).toBe('');
  });

  it('leaves out "Call ended." while the transcript shows "Call ended · m:ss" (issue 21)', () => {
    const ended = { ...quiet, endedAfterMs: 3000 };
    expect(callStatus('idle', 'Call ended.', ended, 'Nora', en, true)).toBe('');
    // Without captions, the status line is the only place that says it.
    expect(callStatus('idle', 'Call ended.', ended, 'Nora', en, false)).toBe('Call ended.');
    // A failure's message is never hidden.
    expect(callStatus('idle', 'The call dropped.', ended, 'Nora', en, true)).toBe(
      'The call dropped.',
    );
  });
});
