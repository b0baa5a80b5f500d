/*
 * The brokerage's opening hours, as `officeHours` in `assistant.config.json` (an IANA time zone
 * and rows of `{ days, open, close }`), read the same way by the desk (desk/config/office-hours.ts,
 * with its strict checks) and by the widget's "Talk to a person" ladder (the `office-hours`
 * attribute). Pure; the wall clock of the office's zone comes from `Intl`, so no date library
 * reaches the widget.
 */

/** One row of opening hours: `{ "days": "Monday to Friday", "open": "09:00", "close": "18:00" }`. */
export interface OfficeHoursRow {
  days: string;
  open: string;
  close: string;
}

/** `officeHours`: the office's time zone and its opening rows. */
export interface OfficeHours {
  timeZone: string;
  hours: OfficeHoursRow[];
}

/** A 24-hour `HH:MM`. */
export const OFFICE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

// Weekday numbers as ISO counts them: Monday is 1, Sunday 7. A Map, so no inherited key is a day.
const DAY_NUMBERS = new Map<string, number>(
  [
    ['monday', 'mon'],
    ['tuesday', 'tue', 'tues'],
    ['wednesday', 'wed'],
    ['thursday', 'thu', 'thur', 'thurs'],
    ['friday', 'fri'],
    ['saturday', 'sat'],
    ['sunday', 'sun'],
  ].flatMap((names, i) => names.map((name): [string, number] => [name, i + 1])),
);
const LIST_SEPARATOR = /\s*(?:,|&|\band\b)\s*/i;
const RANGE = /^([a-z]+)\s*(?:\bto\b|\bthrough\b|\bthru\b|-|–|—)\s*([a-z]+)$/i;

/**
 * The ISO weekdays (Monday 1 … Sunday 7) a row's `days` covers: "Monday to Friday", "Friday to
 * Monday" (wrapping over the weekend), "Monday, Wednesday", "Sat"; `null` when it names none.
 */
export function officeDays(phrase: string): Set<number> | null {
  const days = new Set<number>();
  for (const item of phrase.trim().split(LIST_SEPARATOR)) {
    const range = RANGE.exec(item);
    const from = DAY_NUMBERS.get((range?.[1] ?? item).toLowerCase());
    const to = range ? DAY_NUMBERS.get((range[2] ?? '').toLowerCase()) : from;
    if (from === undefined || to === undefined) {
      return null;
    }
    for (let day = from; ; day = (day % 7) + 1) {
      days.add(day);
      if (day === to) {
        break;
      }
    }
  }
  return days;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSoundRow(row: unknown): row is OfficeHoursRow {
  return (
    isRecord(row) &&
    typeof row.days === 'string' &&
    officeDays(row.days) !== null &&
    typeof row.open === 'string' &&
    typeof row.close === 'string' &&
    OFFICE_TIME.test(row.open) &&
    OFFICE_TIME.test(row.close) &&
    row.open < row.close
  );
}

function isZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The `office-hours` attribute's JSON (`officeHours` as `assistant.config.json` writes it), or
 * `null` when it is absent or not sound (an unknown zone, a row whose days or times do not read).
 */
export function readOfficeHours(json: string | null): OfficeHours | null {
  let value: unknown;
  try {
    value = JSON.parse(json ?? '');
  } catch {
    return null;
  }
  if (
    !isRecord(value) ||
    typeof value.timeZone !== 'string' ||
    !isZone(value.timeZone) ||
    !Array.isArray(value.hours) ||
    value.hours.length === 0 ||
    !value.hours.every(isSoundRow)
  ) {
    return null;
  }
  return {
    timeZone: value.timeZone,
    hours: value.hours.map(({ days, open, close }: OfficeHoursRow) => ({ days, open, close })),
  };
}

/** A wall-clock date and time in the office's zone; `weekday` is ISO (Monday 1 … Sunday 7). */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: number, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(
    format.formatToParts(at).map(({ type, value }) => [type, Number(value)]),
  );
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = part;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
  return { year, month, day, hour: hour % 24, minute, weekday };
}

/** The instant at which the office's wall clock reads the given date and `HH:MM`. */
function instantAt(date: Pick<WallClock, 'year' | 'month' | 'day'>, time: string, zone: string) {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The zone's offset at the guess, then at the corrected instant (a change of offset between).
  let at = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const wall = wallClock(at, zone);
    const offset =
      Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) -
      Math.floor(at / 60_000) * 60_000;
    at = asUtc - offset;
  }
  return at;
}

function windowsOn(hours: OfficeHours, weekday: number): OfficeHoursRow[] {
  return hours.hours
    .filter((row) => officeDays(row.days)?.has(weekday))
    .sort((a, b) => (a.open < b.open ? -1 : 1));
}

/** Whether the office is open at `at`: a window includes its opening minute, not its closing one. */
export function isOfficeOpen(hours: OfficeHours, at: Date): boolean {
  const wall = wallClock(at.getTime(), hours.timeZone);
  const time = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  return windowsOn(hours, wall.weekday).some(({ open, close }) => open <= time && time < close);
}

/**
 * The next `count` times the office opens after `at` (the start of each window), within two
 * weeks: the openings "Call me back" offers, the first of them being when the office opens.
 */
export function nextOpenings(hours: OfficeHours, at: Date, count: number): Date[] {
  const today = wallClock(at.getTime(), hours.timeZone);
  const openings: Date[] = [];
  for (let ahead = 0; ahead <= 14 && openings.length < count; ahead += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + ahead));
    const day = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
    for (const row of windowsOn(hours, date.getUTCDay() || 7)) {
      const opening = instantAt(day, row.open, hours.timeZone);
      if (opening > at.getTime() && openings.length < count) {
        openings.push(new Date(opening));
      }
    }
  }
  return openings;
}
