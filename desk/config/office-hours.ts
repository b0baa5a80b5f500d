import { OFFICE_TIME, officeDays } from '../../widget/leads/rules/office-hours.ts';
import { inZone, type WallTime, wallTimeToInstant } from '../time/brokerage-time.ts';
import { isKnownZone } from '../time/tz-zone.ts';
import type { AssistantConfig } from './assistant-config.ts';

/**
 * The brokerage's opening hours, as `officeHours` in `assistant.config.json`: an IANA time
 * zone and rows of `{ days, open, close }` (desk/config/assistant-config.ts).
 */
export type OfficeHours = AssistantConfig['officeHours'];

/** `officeHours` has bad values; `problems` names each bad field by its JSON path. */
export class OfficeHoursError extends Error {
  override readonly name = 'OfficeHoursError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '));
  }
}

const TIME = OFFICE_TIME;
// The day phrases read as the widget's ladder reads them (one parser for both).
const daysOf = officeDays;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rowProblems(row: unknown, at: string): string[] {
  if (!isRecord(row)) {
    return [`${at} must be an object with days, open and close`];
  }
  const problems: string[] = [];
  if (typeof row.days !== 'string' || daysOf(row.days) === null) {
    problems.push(
      `${at}.days must name days, like "Monday to Friday", "Saturday" or "Monday, Wednesday"`,
    );
  }
  const open = typeof row.open === 'string' && TIME.test(row.open) ? row.open : null;
  const close = typeof row.close === 'string' && TIME.test(row.close) ? row.close : null;
  if (open === null) {
    problems.push(`${at}.open must be HH:MM`);
  }
  if (close === null) {
    problems.push(`${at}.close must be HH:MM`);
  }
  if (open !== null && close !== null && open >= close) {
    problems.push(`${at}.close must be after open (${open})`);
  }
  return problems;
}

/**
 * Checks an `officeHours` value (pure) and returns a copy holding only its known fields.
 * Stricter than `parseAssistantConfig`: each row's `days` must be a phrase
 * {@link isWithinOfficeHours} understands (day names or three-letter abbreviations, `to` or
 * `-` ranges, lists joined by commas or `and`, any case), so a typo fails at start rather than
 * leaving the office closed. Times are 24-hour `HH:MM` and a row closes the day it opens.
 *
 * @param path The value's JSON path, used in messages (`officeHours.hours[1].open must be HH:MM`).
 * @throws OfficeHoursError listing every bad field.
 */
export function parseOfficeHours(value: unknown, path = 'officeHours'): OfficeHours {
  if (!isRecord(value)) {
    throw new OfficeHoursError([`${path} must be an object with timeZone and hours`]);
  }
  const problems: string[] = [];
  const { timeZone, hours } = value;
  if (typeof timeZone !== 'string' || !isKnownZone(timeZone)) {
    problems.push(`${path}.timeZone must be an IANA time zone, like "America/Vancouver"`);
  }
  if (!Array.isArray(hours) || hours.length === 0) {
    problems.push(`${path}.hours must list at least one { "days", "open", "close" }`);
  } else {
    hours.forEach((row: unknown, i) => {
      problems.push(...rowProblems(row, `${path}.hours[${i}]`));
    });
  }
  if (problems.length > 0) {
    throw new OfficeHoursError(problems);
  }
  const rows = hours as OfficeHours['hours'];
  return {
    timeZone: timeZone as string,
    hours: rows.map(({ days, open, close }) => ({ days, open, close })),
  };
}

/**
 * Whether the instant `at` falls inside one of the opening windows, read on the wall clock of
 * the office's time zone: the local weekday and time, whatever UTC's say, with the offset in
 * force that day. A window includes its opening minute and excludes its closing one.
 *
 * @throws RangeError when the time zone is unknown or `at` is an invalid date.
 * @throws OfficeHoursError when a row's `days` names no days: check the config at start with
 * {@link parseOfficeHours}.
 */
export function isWithinOfficeHours(officeHours: OfficeHours, at: Date): boolean {
  const local = inZone(at, officeHours.timeZone);
  const time = local.toFormat('HH:mm');
  const windows = officeHours.hours.map((row, i) => {
    const days = daysOf(row.days);
    if (days === null) {
      throw new OfficeHoursError([`officeHours.hours[${i}].days names no days: "${row.days}"`]);
    }
    return { days, open: row.open, close: row.close };
  });
  return windows.some(
    ({ days, open, close }) => days.has(local.weekday) && open <= time && time < close,
  );
}

/** The opening windows of the days from `from`'s local day on, as instants, merged and sorted. */
function windowsFrom(officeHours: OfficeHours, from: Date, days: number): [number, number][] {
  const rows = officeHours.hours.map((row) => ({ ...row, days: daysOf(row.days) }));
  const start = inZone(from, officeHours.timeZone).startOf('day');
  const windows: [number, number][] = [];
  for (let i = 0; i < days; i += 1) {
    const day = start.plus({ days: i });
    for (const row of rows) {
      if (!row.days?.has(day.weekday)) {
        continue;
      }
      const at = (time: string) => {
        // HH:MM, checked at start (parseOfficeHours).
        const wall: WallTime = {
          year: day.year,
          month: day.month,
          day: day.day,
          hour: Number(time.slice(0, 2)),
          minute: Number(time.slice(3, 5)),
        };
        return wallTimeToInstant(wall, officeHours.timeZone).toMillis();
      };
      windows.push([at(row.open), at(row.close)]);
    }
  }
  windows.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const window of windows) {
    const last = merged[merged.length - 1];
    if (last && window[0] <= last[1]) {
      last[1] = Math.max(last[1], window[1]);
    } else {
      merged.push([...window]);
    }
  }
  return merged;
}

/**
 * The instant `minutes` of office time after `from` (issue 27 §2): outside the opening hours the
 * clock starts at the next opening, and a wait that reaches the closing carries over to the
 * next opening. With no opening in the next two weeks, plain minutes.
 */
export function officeMinutesAfter(officeHours: OfficeHours, from: Date, minutes: number): Date {
  // Most waits end within two days, whose windows answer exactly: a later day's window could
  // only lengthen the last of them, which changes nothing for a wait that ends inside it. The
  // fortnight's windows (many zone conversions) are worked out only when they do not.
  for (const days of [2, 15]) {
    const due = dueWithin(windowsFrom(officeHours, from, days), from, minutes);
    if (due !== null) {
      return due;
    }
  }
  return new Date(from.getTime() + minutes * 60_000);
}

/** The instant `minutes` of these windows' time after `from`, or null past their last. */
function dueWithin(windows: readonly [number, number][], from: Date, minutes: number): Date | null {
  let left = minutes * 60_000;
  for (const [open, close] of windows) {
    const start = Math.max(open, from.getTime());
    if (close <= start) {
      continue;
    }
    if (left <= close - start) {
      return new Date(start + left);
    }
    left -= close - start;
  }
  return null;
}
