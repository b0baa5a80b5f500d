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
