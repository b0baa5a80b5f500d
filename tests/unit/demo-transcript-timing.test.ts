import { describe, expect, it } from 'vitest';
import { openingWords, partialCues } from '../../widget/demo/transcript-timing.ts';

describe('assistant partial transcripts', () => {
  const line = 'I can book you a viewing this Saturday at two or four';

  it('spreads growing prefixes of the line evenly over its duration', () => {
    const cues = partialCues(line, 4000, 1000);
    expect(cues).toHaveLength(4);
    expect(cues.map((c) => c.atMs)).toEqual([800, 1600, 2400, 3200]);
    for (const [i, cue] of cues.entries()) {
      expect(line.startsWith(cue.text)).toBe(true);
      if (i > 0) {
        expect(cue.text.length).toBeGreaterThan((cues[i - 1]?.text ?? '').length);
      }
    }
    expect(cues.at(-1)?.text).not.toBe(line);
  });

  it('sends at least one partial for a short line, never the whole line', () => {
    expect(partialCues('Hello there friend', 300, 1000)).toEqual([
      { atMs: 150, text: 'Hello there' },
    ]);
  });

  it('sends no partial for a one-word line', () => {
    expect(partialCues('Goodbye!', 2000, 500)).toEqual([]);
  });

  it('takes the opening words for the first visitor partial', () => {
    expect(openingWords('Hi! Is the house still available?')).toBe('Hi! Is the');
  });
});
