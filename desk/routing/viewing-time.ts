import * as chrono from 'chrono-node';
import { DateTime, Duration } from 'luxon';
import { inZone, wallTimeToInstant } from '../time/brokerage-time.ts';
import { zoneNamed } from '../time/tz-zone.ts';

/** A visitor's words for when they would like to view a home, and what the desk made of them. */
export interface ViewingTime {
  /** The words as said, unchanged, so an agent can always read what the visitor meant. */
  said: string;
  /**
   * The resolved start as ISO 8601 with the zone's UTC offset at that moment (for example
   * `2026-11-28T14:00:00.000-08:00`), or `null` when the words name no time.
   */
  start: string | null;
  /** The brokerage's IANA time zone the words were read in. */
  timeZone: string;
  /**
   * `true` when the words name a day or a part of a day, not a time: `start` is then the
   * day at {@link DEFAULT_VIEWING_HOUR}, or the hour chrono-node gives the part of the day
   * (morning 06:00, afternoon 15:00, evening 20:00, tonight 22:00). Absent when exact.
   */
  approximate?: boolean;
}

/** The local hour a day without a time of day resolves to ("Saturday", "this weekend"). */
export const DEFAULT_VIEWING_HOUR = 10;

// Parts of the day chrono-node reads as an implied hour rather than a stated one.
const PART_OF_DAY = /^casualReference\/(morning|afternoon|evening|night|tonight)$/;
// A bare duration ("14h", "2 hours") is not a time: chrono-node would read the French "samedi
// 14h" as fourteen hours from now. Only a duration said as one counts.
const RELATIVE_WORDS = /\b(in|within|from now|later)\b/i;
// "02:00" is a 24-hour time; "at 2" is not, and may be the afternoon.
const TWENTY_FOUR_HOUR = /(^|\D)0\d:[0-5]\d/;
// Without am/pm, a viewing "at 2" is in the afternoon: nobody books a 2 a.m. viewing. 8 to
// 12 stay as said (morning and noon), 1 to 7 move to the afternoon and evening.
const AFTERNOON_HOURS = { from: 1, to: 7 };

// Reading the words is most of a capture's own CPU outside the database (chrono-node), and a
// burst of captures repeats the same words within the same minute ("Saturday 2:00 PM"). What
// they resolve to is kept per zone, minute and words, when it holds for the whole minute.
const MINUTE_MS = 60_000;
const KEPT_READINGS = 256;
const resolvedInMinute = new Map<string, ViewingTime>();
const seenInMinute = new Map<string, true>();

/** Keeps at most {@link KEPT_READINGS} entries, dropping the oldest. */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value);
  if (map.size > KEPT_READINGS) {
    const [oldest] = map.keys();
    if (oldest !== undefined) {
      map.delete(oldest);
    }
  }
}

function checkZone(timeZone: string): void {
  // The pinned database's zone, made once per name: never the runtime's ICU rules.
  zoneNamed(timeZone);
}

function hasPartOfDay(components: chrono.ParsedComponents): boolean {
  return [...components.tags()].some((tag) => PART_OF_DAY.test(tag));
}

function component(components: chrono.ParsedComponents, name: chrono.Component): number {
  return components.get(name) ?? 0;
}

// chrono-node adds a duration with the host's local-time arithmetic, which drifts by an hour
// when the host's own zone changes offset in between; luxon adds it to the instant instead
// (days as calendar days in the brokerage's zone, hours as elapsed time).
const DURATION_PART =
  /\b(?:(\d+(?:\.\d+)?)\s*|(half an?|an?)\s+)(weeks?|w|days?|d|hours?|hrs?|h|minutes?|mins?|m)\b/gi;
const UNITS: Record<string, 'weeks' | 'days' | 'hours' | 'minutes'> = {
  w: 'weeks',
  d: 'days',
  h: 'hours',
  m: 'minutes',
};

function durationOf(text: string): Duration | null {
  const parts: Partial<Record<'weeks' | 'days' | 'hours' | 'minutes', number>> = {};
  for (const [, number, words = '', unit = ''] of text.matchAll(DURATION_PART)) {
    const key = UNITS[unit.charAt(0).toLowerCase()];
    const amount = number !== undefined ? Number(number) : /^half/i.test(words) ? 0.5 : 1;
    if (key !== undefined) {
      parts[key] = (parts[key] ?? 0) + amount;
    }
  }
  return Object.keys(parts).length > 0 ? Duration.fromObject(parts) : null;
}

interface Resolved {
  start: DateTime;
  approximate: boolean;
}

// Builds the wall-clock result in the brokerage's zone from chrono-node's components, so the
// UTC offset is the one in force on that day (chrono-node only knows the capture's offset).
function wallClock(result: chrono.ParsedResult, captured: DateTime): Resolved {
  const c = result.start;
  const hourSaid = c.isCertain('hour');
  const partOfDay = !hourSaid && hasPartOfDay(c);
  const dateSaid = (['day', 'weekday', 'month', 'year'] as const).some((k) => c.isCertain(k));
  let hour = DEFAULT_VIEWING_HOUR;
  let minute = 0;
  if (hourSaid || partOfDay) {
    hour = component(c, 'hour');
    minute = component(c, 'minute');
  }
  const ambiguousHour =
    hourSaid &&
    !c.isCertain('meridiem') &&
    hour >= AFTERNOON_HOURS.from &&
    hour <= AFTERNOON_HOURS.to &&
    !TWENTY_FOUR_HOUR.test(result.text);
  if (ambiguousHour) {
    hour += 12;
  }
  // A time alone ("at 2") is about the capture's own day, then the next if that has passed;
  // chrono-node's implied day was chosen for its own reading of the hour.
  const timeOnly = hourSaid && !dateSaid;
  const day = timeOnly
    ? { year: captured.year, month: captured.month, day: captured.day }
    : { year: component(c, 'year'), month: component(c, 'month'), day: component(c, 'day') };
  let start = wallTimeToInstant({ ...day, hour, minute }, captured.zone.name);
  if (start < captured) {
    // A weekday said on that weekday, after the time, means next week's ("Saturday 2:00 PM"
    // on a Saturday at 3 PM). A day said outright ("today", a date) stays as said.
    if (timeOnly) {
      start = start.plus({ days: 1 });
    } else if (c.isCertain('weekday') && !c.isCertain('day')) {
      start = start.plus({ weeks: 1 });
    }
  }
  return { start, approximate: !hourSaid };
}

function resolve(said: string, captured: DateTime): Resolved | null {
  const reference = { instant: captured.toJSDate(), timezone: captured.offset };
  // The first time named wins: "Saturday or Sunday afternoon" is read as Saturday.
  const [result] = chrono.en.parse(said, reference, { forwardDate: true });
  if (result === undefined) {
    return null;
  }
  if (result.tags().has('result/relativeDateAndTime') && !RELATIVE_WORDS.test(said)) {
    return null;
  }
  const duration = result.tags().has('result/relativeDateAndTime') ? durationOf(result.text) : null;
  if (duration !== null) {
    return { start: captured.plus(duration), approximate: false };
  }
  if (result.start.isCertain('timezoneOffset')) {
    // "now", "3pm EST": an instant, not a wall-clock time in our zone.
    const start = DateTime.fromJSDate(result.start.date(), { zone: captured.zone });
    return { start, approximate: false };
  }
  return wallClock(result, captured);
}

/**
 * Reads a visitor's words for a viewing time ("Saturday 2:00 PM", "tomorrow at 10am", "next
 * Tuesday afternoon", "2026-12-03 15:30") against the capture time, in the brokerage's IANA
 * time zone: "tomorrow" is the brokerage's tomorrow, whatever the UTC date.
 *
 * English only (chrono-node's `en` parser, US month/day order for "3/12"); other languages
 * mostly resolve to `null`. A day or weekday already past moves forward ("Saturday" on a
 * Sunday is the next Saturday), and so does a time already past today. A day without a time
 * of day is {@link DEFAULT_VIEWING_HOUR} local, marked `approximate`. An hour from 1 to 7
 * without am/pm is the afternoon ("Sat at 2" is 14:00). A wall-clock time skipped by a DST
 * change resolves to the same time after the change. Words that name no time ("asap") give
 * `start: null`.
 *
 * @throws RangeError when `timeZone` is not an IANA zone or `capturedAt` is not an instant.
 */
export function resolveViewingTime(
  said: string,
  capturedAt: string | Date,
  timeZone: string,
): ViewingTime {
  checkZone(timeZone);
  const captured = inZone(capturedAt, timeZone);
  const minute = Math.floor(captured.toMillis() / MINUTE_MS);
  const key = `${timeZone}\n${minute}\n${said}`;
  const known = resolvedInMinute.get(key);
  if (known) {
    return { ...known };
  }
  const result = resolvedAt(said, captured, timeZone);
  // Said again within the minute: read once more at the minute's first and last millisecond,
  // and kept when all three readings agree ("in 2 hours" and "now" never do).
  if (seenInMinute.has(key)) {
    const first = DateTime.fromMillis(minute * MINUTE_MS, { zone: captured.zone });
    const last = DateTime.fromMillis((minute + 1) * MINUTE_MS - 1, { zone: captured.zone });
    const same = (other: ViewingTime) =>
      other.start === result.start && other.approximate === result.approximate;
    if (same(resolvedAt(said, first, timeZone)) && same(resolvedAt(said, last, timeZone))) {
      remember(resolvedInMinute, key, result);
    }
  } else {
    remember(seenInMinute, key, true);
  }
  return { ...result };
}

function resolvedAt(said: string, captured: DateTime, timeZone: string): ViewingTime {
  const resolved = resolve(said, captured);
  const start = resolved?.start.isValid ? resolved.start.toISO() : null;
  if (resolved === null || start === null) {
    return { said, start: null, timeZone };
  }
  return resolved.approximate
    ? { said, start, timeZone, approximate: true }
    : { said, start, timeZone };
}

/** Words of each kind chrono-node reads: a weekday and a time, a day word, a date, a duration. */
const WARM_UP_WORDS = [
  'Saturday 2:00 PM',
  'tomorrow at 10am',
  'next Tuesday afternoon',
  '2026-12-03 15:30',
  'in 2 hours',
];

/**
 * Reads typical words twice, results unused, so the desk's first captures do not pay for it:
 * V8 compiles a regular expression to machine code at its second use, and chrono-node's are
 * large (about 130 ms for the first viewing time read twice, 30 ms for the first read).
 * The desk calls this once it listens.
 */
export function warmViewingTimeReader(): void {
  const reference = { instant: new Date(), timezone: 0 };
  for (let round = 0; round < 2; round++) {
    for (const words of WARM_UP_WORDS) {
      chrono.en.parse(words, reference, { forwardDate: true });
    }
  }
}

/**
 * {@link resolveViewingTime} for each of a visitor's suggestions, in order, against one
 * capture time and zone.
 *
 * @throws RangeError when `timeZone` is not an IANA zone or `capturedAt` is not an instant.
 */
export function resolveViewingTimes(
  said: readonly string[],
  capturedAt: string | Date,
  timeZone: string,
): ViewingTime[] {
  checkZone(timeZone);
  return said.map((words) => resolveViewingTime(words, capturedAt, timeZone));
}
