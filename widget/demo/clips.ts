import type { ClipId } from './script.ts';

/**
 * Where each recorded clip is served from, relative to this module. `new URL(…, import.meta.url)`
 * is plain JavaScript, so Node and any bundler can load this module; Vite recognises the pattern
 * and emits each clip as its own file, fetched only when a demo call joins (never inlined).
 * Resolved lazily, at the first demo call, not at import.
 */
export function clipUrls(): Readonly<Record<ClipId, string>> {
  return {
    greeting: new URL('./audio/greeting.webm', import.meta.url).href,
    listing: new URL('./audio/listing.webm', import.meta.url).href,
    slots: new URL('./audio/slots.webm', import.meta.url).href,
    booked: new URL('./audio/booked.webm', import.meta.url).href,
    note: new URL('./audio/note.webm', import.meta.url).href,
  };
}

/** A stretch of a recording to play, in seconds from its start: `[from, to]`. */
export type KeptStretch = readonly [from: number, to: number];

/**
 * Stretches of a committed recording that are played, when not all of it is. `booked.webm` was
 * recorded with a promise the product does not keep ("I have texted you the address and a
 * reminder", 4.4 s to 7.1 s); its caption (script.ts) no longer says it, so the audio skips it.
 * The machine that recorded the clips had the voices (scripts/make-demo-audio.sh); once they are
 * regenerated from script.ts, the new files say only the caption and this entry goes.
 */
export const KEPT_STRETCHES: Partial<Readonly<Record<ClipId, readonly KeptStretch[]>>> = {
  booked: [
    [0, 4.35],
    [7.1, Number.POSITIVE_INFINITY],
  ],
};
