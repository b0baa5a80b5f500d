import { DateTime } from 'luxon';
import { UnknownTimeZoneError, zoneNamed } from './tz-zone.ts';

/**
 * Times as the brokerage reads them, by the pinned IANA database (./tz-zone.ts): local wall
 * times to instants, instants to the one display text every surface shows, and the day and
 * week boundaries the numbers and the weekly report count in. Pure: no clock, no I/O.
 */

/** A local date and time on the brokerage's wall clock; months and days count from 1. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** One time as the desk sends it: the instant with the zone's offset, and its display text. */
export interface ShownTime {
  /** ISO 8601 with the zone's UTC offset then (`2026-11-29T14:00:00.000-07:00`). */
  at: string;
  /** `Sunday, November 29, 2026, 2:00 PM MST` */
  text: string;
}

// US-style, and naming the weekday so "Saturday" can be checked against what was said.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * `instant` on the wall clock of `timeZone`. An ISO string without an offset is read as a wall
 * time there (a capture time sent without one).
 *
 * @throws RangeError when `instant` is not a valid date and time.
 * @throws UnknownTimeZoneError when the database does not hold `timeZone`.
 */
export function inZone(instant: Date | string, timeZone: string): DateTime {
  const zone = zoneNamed(timeZone);
  const at =
    instant instanceof Date
      ? DateTime.fromJSDate(instant, { zone })
      : DateTime.fromISO(instant, { zone });
  if (!at.isValid) {
    throw new RangeError(`Not a valid instant: ${String(instant)}`);
  }
  return at.setLocale('en-US');
}

/**
 * The instant a wall time in `timeZone` names, with the offset in force that day. A time
 * skipped when clocks go forward is read as the same time after the change; a time said twice
 * when they go back is the first (daylight) one.
 */
export function wallTimeToInstant(wall: WallTime, timeZone: string): DateTime {
  const zone = zoneNamed(timeZone);
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  if (Number.isNaN(local)) {
    throw new RangeError(`Not a valid wall time: ${JSON.stringify(wall)}`);
  }
  // luxon would guess from the offset in force now, so the answer for a repeated hour would
  // depend on the day the code runs; the offsets a day either side decide it instead.
  const before = zone.offset(local - DAY_MS);
  const after = zone.offset(local + DAY_MS);
  const fits = [before, after]
    .map((offset) => local - offset * MINUTE_MS)
    .filter((ts) => zone.offset(ts) * MINUTE_MS === local - ts);
  const ts = fits.length > 0 ? Math.min(...fits) : local - before * MINUTE_MS;
  return DateTime.fromMillis(ts, { zone, locale: 'en-US' });
}

/** The zone's abbreviation at `instant` ("MST", "EDT"), from the database. */
export function zoneAbbreviation(instant: Date | string, timeZone: string): string {
  const at = inZone(instant, timeZone);
  return zoneNamed(timeZone).offsetName(at.toMillis(), { format: 'short' });
}

// An ISO string that names its own offset is an instant as it stands; one without is a wall
// time in the zone, which only luxon reads.
const HAS_OFFSET = /(?:Z|[+-]\d\d(?::?\d\d)?)$/i;

function millisOf(instant: Date | string, timeZone: string): number {
  const ms =
    instant instanceof Date
      ? instant.getTime()
      : HAS_OFFSET.test(instant)
        ? Date.parse(instant)
        : inZone(instant, timeZone).toMillis();
  if (Number.isNaN(ms)) {
    throw new RangeError(`Not a valid instant: ${String(instant)}`);
  }
  return ms;
}

/**
 * `Sunday, November 29, 2026, 2:00 PM MST`: the text every surface shows for `instant`. Written
 * from the zone's offset by hand rather than with luxon's `toFormat` (the same text, checked by
 * the tests): the CSV export writes two per row, for up to 100,000 rows, and this is about five
 * times faster.
 */
export function displayTime(instant: Date | string, timeZone: string): string {
  const zone = zoneNamed(timeZone);
  const ms = millisOf(instant, timeZone);
  const local = new Date(ms + zone.offset(ms) * MINUTE_MS);
  const hour = local.getUTCHours();
  const minute = String(local.getUTCMinutes()).padStart(2, '0');
  const clock = `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  const date = `${WEEKDAYS[local.getUTCDay()]}, ${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
  return `${date}, ${clock} ${zone.offsetName(ms, { format: 'short' })}`;
}

/** `instant` as ISO 8601 with the offset `timeZone` has then. */
export function isoInZone(instant: Date | string, timeZone: string): string {
  return inZone(instant, timeZone).toISO() ?? '';
}

/** {@link isoInZone} and {@link displayTime} together, as payloads carry a time. */
export function shownTime(instant: Date | string, timeZone: string): ShownTime {
  return { at: isoInZone(instant, timeZone), text: displayTime(instant, timeZone) };
}

/**
 * {@link shownTime}, or null for a missing or unreadable instant: stored data written by an
 * older desk is shown as nothing rather than failing the page.
 */
export function shownTimeOrNull(
  instant: Date | string | null | undefined,
  timeZone: string,
): ShownTime | null {
  return orNull(shownTime, instant, timeZone);
}

/**
 * {@link displayTime}, or null as {@link shownTimeOrNull} gives it: the text alone, without
 * the ISO form's cost, for the emails and notes that show only the text.
 */
export function displayTimeOrNull(
  instant: Date | string | null | undefined,
  timeZone: string,
): string | null {
  return orNull(displayTime, instant, timeZone);
}

/** `show(instant, timeZone)`, or null for a missing or unreadable instant (an unknown zone throws). */
function orNull<T>(
  show: (instant: Date | string, timeZone: string) => T,
  instant: Date | string | null | undefined,
  timeZone: string,
): T | null {
  if (instant === null || instant === undefined) {
    return null;
  }
  try {
    return show(instant, timeZone);
  } catch (error) {
    if (error instanceof RangeError && !(error instanceof UnknownTimeZoneError)) {
      return null;
    }
    throw error;
  }
}

/** Midnight that starts the local day holding `instant`. */
export function startOfDay(instant: Date, timeZone: string): Date {
  return inZone(instant, timeZone).startOf('day').toJSDate();
}

/** Monday 00:00 that starts the local week holding `instant`. */
export function startOfWeek(instant: Date, timeZone: string): Date {
  return inZone(instant, timeZone).startOf('week').toJSDate();
}

/**
 * The same wall time `days` calendar days before `instant`: across a clock change that is 23 or
 * 25 hours a day, not 24, so a week from Monday 00:00 starts at Monday 00:00.
 */
export function daysBefore(instant: Date, days: number, timeZone: string): Date {
  return inZone(instant, timeZone).minus({ days }).toJSDate();
}
