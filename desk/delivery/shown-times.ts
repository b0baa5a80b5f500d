import type { StoredViewingTime } from '../storage/schema.ts';
import { displayTimeOrNull, shownTimeOrNull } from '../time/brokerage-time.ts';

/**
 * A requested viewing time as the desk sends it to a reader (the inbox, the webhook): the stored
 * fields, `start` as the instant with the zone's offset then, and `text`, the display text every
 * surface shows (`Saturday, November 28, 2026, 2:00 PM MST`), or null when no time was named.
 */
export interface ShownViewingTime extends StoredViewingTime {
  text: string | null;
}

/** Each stored viewing time with its instant and text in `timeZone`, the brokerage's (pure). */
export function shownViewingTimes(
  times: readonly StoredViewingTime[],
  timeZone: string,
): ShownViewingTime[] {
  return times.map((time) => {
    const shown = shownTimeOrNull(time.start, timeZone);
    return { ...time, start: shown?.at ?? time.start, text: shown?.text ?? null };
  });
}

/** The display text of an instant in `timeZone`, or null when there is none (pure). */
export function shownText(instant: Date | string | null, timeZone: string): string | null {
  return displayTimeOrNull(instant, timeZone);
}
