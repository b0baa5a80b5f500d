import { PARTIAL_EVERY_MS } from './demo-timings.ts';

/** One partial transcript: the words heard so far, `atMs` after the line starts. */
export interface PartialCue {
  atMs: number;
  text: string;
}

/**
 * When to send partial transcripts for a line spoken over `durationMs` (pure). Partials are
 * evenly spaced, one per `everyMs` of speech (at least one), each with a growing prefix of the
 * words, as a streaming transcriber reports them; the final transcript is the caller's, at the end.
 */
export function partialCues(
  text: string,
  durationMs: number,
  everyMs: number = PARTIAL_EVERY_MS,
): PartialCue[] {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const count = Math.min(Math.max(1, Math.floor(durationMs / everyMs)), words.length - 1);
  const cues: PartialCue[] = [];
  for (let k = 1; k <= count; k += 1) {
    const fraction = k / (count + 1);
    cues.push({
      atMs: Math.round(durationMs * fraction),
      text: words.slice(0, Math.max(1, Math.round(words.length * fraction))).join(' '),
    });
  }
  return cues;
}

/** The first few words of a line: the visitor's first partial transcript. */
export function openingWords(text: string, count = 3): string {
  return text.split(/\s+/).slice(0, count).join(' ');
}
