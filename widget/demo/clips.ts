import booked from './audio/booked.webm?url&no-inline';
import greeting from './audio/greeting.webm?url&no-inline';
import listing from './audio/listing.webm?url&no-inline';
import note from './audio/note.webm?url&no-inline';
import slots from './audio/slots.webm?url&no-inline';
import type { ClipId } from './script.ts';

/**
 * Where each recorded clip is served from. `?url&no-inline` makes the bundler emit every clip
 * as its own file, fetched only when a demo call joins (never inlined into a script), with a
 * URL relative to the module that imports it.
 */
export const CLIP_URLS: Readonly<Record<ClipId, string>> = {
  greeting,
  listing,
  slots,
  booked,
  note,
};
