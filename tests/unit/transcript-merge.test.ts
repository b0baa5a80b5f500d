import { describe, expect, it } from 'vitest';
import {
  EMPTY_TRANSCRIPT,
  formatCallLength,
  MAX_TRANSCRIPT_LINES,
  mergeTranscript,
  readTranscript,
  type TranscriptState,
  type TranscriptUpdate,
} from '../../widget/session/transcript-merge.ts';

function merge(...updates: TranscriptUpdate[]): TranscriptState {
  return updates.reduce(mergeTranscript, EMPTY_TRANSCRIPT);
}

function shown(state: TranscriptState): string[] {
  return state.lines.map((l) => `${l.role}${l.final ? '' : '~'}: ${l.text}`);
}

const a = (text: string, at: number, final = false): TranscriptUpdate => ({
  role: 'assistant',
  text,
  at,
  final,
});
const u = (text: string, at: number, final = false): TranscriptUpdate => ({
  role: 'user',
  text,
  at,
  final,
});

describe('mergeTranscript', () => {
  it('replaces a partial line in place, then closes it with the final text', () => {
    const partial = merge(a('Hi', 1), a('Hi, I am', 2));
    expect(shown(partial)).toEqual(['assistant~: Hi, I am']);
    const final = mergeTranscript(partial, a('Hi, I am Nora.', 3, true));
    expect(shown(final)).toEqual(['assistant: Hi, I am Nora.']);
    expect(final.lines[0]?.id).toBe(partial.lines[0]?.id);
  });

  it('keeps one open line per speaker, so two speakers interleave without mixing', () => {
    const state = merge(
      a('The house', 1),
      u('Is it', 2),
      a('The house is free', 3),
      u('Is it free?', 4, true),
    );
    expect(shown(state)).toEqual(['assistant~: The house is free', 'user: Is it free?']);
    const next = mergeTranscript(state, a('The house is free.', 5, true));
    expect(shown(next)).toEqual(['assistant: The house is free.', 'user: Is it free?']);
  });

  it('starts a new line after a final', () => {
    const state = merge(a('One.', 2, true), a('Two', 3), a('Two.', 4, true));
    expect(shown(state)).toEqual(['assistant: One.', 'assistant: Two.']);
  });

  it('drops partials that arrive after their final, and older partials than the one shown', () => {
    const late = merge(a('Hello there.', 5, true), a('Hello', 3));
    expect(shown(late)).toEqual(['assistant: Hello there.']);
    const older = merge(a('Hello there', 4), a('Hello', 3));
    expect(shown(older)).toEqual(['assistant~: Hello there']);
  });

  it('orders lines by when they started, whatever order the messages arrive in', () => {
    const state = merge(a('Second line.', 20, true), u('First line.', 10, true));
    expect(shown(state)).toEqual(['user: First line.', 'assistant: Second line.']);
  });

  it('gives a final older than the open line its own line before it', () => {
    const state = merge(a('Next one', 10), a('Earlier one.', 5, true));
    expect(shown(state)).toEqual(['assistant: Earlier one.', 'assistant~: Next one']);
  });

  it('ignores the same final delivered twice', () => {
    const once = merge(u('Yes.', 3, true));
    expect(mergeTranscript(once, u('Yes.', 3, true))).toBe(once);
  });

  it('keeps at most MAX_TRANSCRIPT_LINES lines, dropping the oldest', () => {
    let state = EMPTY_TRANSCRIPT;
    for (let i = 0; i < MAX_TRANSCRIPT_LINES + 5; i += 1) {
      state = mergeTranscript(state, a(`Line ${i}.`, i, true));
    }
    expect(state.lines).toHaveLength(MAX_TRANSCRIPT_LINES);
    expect(state.lines[0]?.text).toBe('Line 5.');
  });
});

describe('readTranscript', () => {
  it('reads partial and final transcripts of both roles, and nothing else', () => {
    const base = { type: 'transcript', role: 'user', transcript: ' Hi ', timestamp: 7 };
    expect(readTranscript({ ...base, transcriptType: 'partial' }, 1)).toEqual({
      role: 'user',
      final: false,
      text: 'Hi',
      at: 7,
    });
    expect(readTranscript({ ...base, transcriptType: 'final' }, 1)?.final).toBe(true);
    expect(
      readTranscript(
        { ...base, type: 'transcript[transcriptType="final"]', timestamp: undefined },
        9,
      ),
    ).toEqual({ role: 'user', final: true, text: 'Hi', at: 9 });
    expect(readTranscript({ ...base, role: 'system' }, 1)).toBeNull();
    expect(readTranscript({ ...base, transcript: '  ' }, 1)).toBeNull();
    expect(readTranscript({ type: 'speech-update', role: 'user' }, 1)).toBeNull();
  });
});

describe('formatCallLength', () => {
  it('writes minutes and seconds, and hours when needed', () => {
    expect(formatCallLength(83_000)).toBe('1:23');
    expect(formatCallLength(4_400)).toBe('0:04');
    expect(formatCallLength(3_723_000)).toBe('1:02:03');
  });
});
