import { describe, expect, it } from 'vitest';
import {
  EMPTY_TRANSCRIPT,
  finishTranscript,
  mergeTranscript,
  type TranscriptUpdate,
} from '../../widget/session/transcript-merge.ts';

// After Stop, a caption cut off mid-sentence is finalised with "…", never left as a half sentence
// that reads as if the assistant had finished it.

const line = (role: TranscriptUpdate['role'], text: string, at: number, final = false) => ({
  role,
  text,
  at,
  final,
});

describe('a caption cut off by Stop', () => {
  it('ends with "…"; finished lines and ended sentences are left as they were', () => {
    const state = [
      line('assistant', 'Hi, I’m Nora.', 1, true),
      line('user', 'Is it still', 2),
      line('assistant', 'The house on Linden', 3),
    ].reduce(mergeTranscript, EMPTY_TRANSCRIPT);
    expect(finishTranscript(state).lines.map((l) => [l.text, l.final])).toEqual([
      ['Hi, I’m Nora.', true],
      ['Is it still…', true],
      ['The house on Linden…', true],
    ]);
    const whole = mergeTranscript(EMPTY_TRANSCRIPT, line('assistant', 'It is available.', 1));
    expect(finishTranscript(whole).lines[0]?.text).toBe('It is available.');
  });
});
