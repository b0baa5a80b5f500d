import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isWithinOfficeHours,
  type OfficeHours,
  OfficeHoursError,
  parseOfficeHours,
} from '../../desk/config/office-hours.ts';

// As in assistant.config.json.
const MAPLE_RIDGE: OfficeHours = {
  timeZone: 'America/Vancouver',
  hours: [
    { days: 'Monday to Friday', open: '09:00', close: '18:00' },
    { days: 'Saturday', open: '10:00', close: '16:00' },
  ],
};

function openAt(iso: string, officeHours: OfficeHours = MAPLE_RIDGE): boolean {
  return isWithinOfficeHours(officeHours, new Date(iso));
}

function parseError(value: unknown, path?: string): OfficeHoursError {
  try {
    parseOfficeHours(value, path);
  } catch (error) {
    if (error instanceof OfficeHoursError) {
      return error;
    }
    throw error;
  }
  throw new Error('parseOfficeHours accepted a bad value');
}

describe('isWithinOfficeHours', () => {
  it('opens on the opening minute and closes on the closing one', () => {
    // Monday 30 November 2026, MST: British Columbia keeps UTC-7 from 1 November 2026 (tz 2026a+).
    expect(openAt('2026-11-30T08:59:59.999-07:00')).toBe(false);
    expect(openAt('2026-11-30T09:00:00-07:00')).toBe(true);
    expect(openAt('2026-11-30T13:00:00-07:00')).toBe(true);
    expect(openAt('2026-11-30T17:59:59.999-07:00')).toBe(true);
    expect(openAt('2026-11-30T18:00:00-07:00')).toBe(false);
  });

  it('keeps shorter hours on Saturday and none on Sunday', () => {
    expect(openAt('2026-11-28T09:30:00-07:00')).toBe(false);
    expect(openAt('2026-11-28T10:00:00-07:00')).toBe(true);
    expect(openAt('2026-11-28T16:00:00-07:00')).toBe(false);
    expect(openAt('2026-11-29T12:00:00-07:00')).toBe(false);
  });

  it("reads the office's local day, not UTC's", () => {
    // Saturday 00:30 UTC is Friday 17:30 in Vancouver (MST): open, though Saturday opens at 10.
    expect(openAt('2026-11-28T00:30:00Z')).toBe(true);
    // Sunday 01:00 UTC is Saturday 18:00 there: closed, the Saturday hours ended at 16.
    expect(openAt('2026-11-29T01:00:00Z')).toBe(false);
    // Saturday 17:00 UTC is Saturday 10:00 there: open.
    expect(openAt('2026-11-28T17:00:00Z')).toBe(true);
    // Tuesday 00:30 UTC is Monday 17:30 there: open, while a UTC reading would say Tuesday.
    expect(openAt('2026-12-01T00:30:00Z')).toBe(true);
  });

  it('follows the March DST change', () => {
    // 16:30 UTC is 08:30 PST on Monday 2 March, and 09:30 PDT on Monday 9 March.
    expect(openAt('2026-03-02T16:30:00Z')).toBe(false);
    expect(openAt('2026-03-09T16:30:00Z')).toBe(true);
    // 01:30 UTC on Saturday 7 March is Friday 17:30 PST; a week later it is Friday 18:30 PDT.
    expect(openAt('2026-03-07T01:30:00Z')).toBe(true);
    expect(openAt('2026-03-14T01:30:00Z')).toBe(false);
  });

  it('keeps UTC-7 in Vancouver from 1 November 2026, where the old rules went back to UTC-8', () => {
    // 16:30 UTC is 09:30 PDT on Monday 26 October, and 09:30 MST on Monday 2 November: British
    // Columbia no longer turns its clocks back (tz 2026a+); with tz 2025c it would be 08:30 PST.
    expect(openAt('2026-10-26T16:30:00Z')).toBe(true);
    expect(openAt('2026-11-02T16:30:00Z')).toBe(true);
    expect(openAt('2026-11-02T15:30:00Z')).toBe(false);
    // 00:30 UTC on Saturday 31 October is Friday 17:30 PDT.
    expect(openAt('2026-10-31T00:30:00Z')).toBe(true);
  });

  it('follows the November DST change where clocks still go back (America/New_York)', () => {
    const newYork = { ...MAPLE_RIDGE, timeZone: 'America/New_York' };
    // 13:30 UTC is 09:30 EDT on Monday 26 October, and 08:30 EST on Monday 2 November.
    expect(openAt('2026-10-26T13:30:00Z', newYork)).toBe(true);
    expect(openAt('2026-11-02T13:30:00Z', newYork)).toBe(false);
    expect(openAt('2026-11-02T14:00:00Z', newYork)).toBe(true);
  });

  it.each([
    ['Friday to Monday', [true, true, true, true, false, false, false]],
    ['Monday, Wednesday', [false, false, false, true, false, true, false]],
    ['Tuesday and Thursday', [false, false, false, false, true, false, true]],
    ['monday TO friday', [true, false, false, true, true, true, true]],
    ['Mon-Fri', [true, false, false, true, true, true, true]],
    ['Sat, Sun', [false, true, true, false, false, false, false]],
    ['Sunday', [false, false, true, false, false, false, false]],
    ['Monday to Wednesday, Friday', [true, false, false, true, true, true, false]],
  ])('reads %j', (days, expected) => {
    const officeHours = {
      timeZone: 'America/Vancouver',
      hours: [{ days, open: '12:00', close: '13:00' }],
    };
    // Friday 27 November 2026 to Thursday 3 December, at 12:30 local.
    const week = [27, 28, 29, 30, 1, 2, 3].map((day, i) => {
      const month = i < 4 ? 11 : 12;
      const date = `2026-${month}-${String(day).padStart(2, '0')}T12:30:00-07:00`;
      return openAt(date, officeHours);
    });
    expect(week).toEqual(expected);
  });

  it('works in any IANA zone', () => {
    const tokyo = {
      timeZone: 'Asia/Tokyo',
      hours: [{ days: 'Monday', open: '09:00', close: '17:00' }],
    };
    // Sunday 23:00 UTC is Monday 08:00 in Tokyo; Monday 00:00 UTC is 09:00.
    expect(openAt('2026-11-29T23:00:00Z', tokyo)).toBe(false);
    expect(openAt('2026-11-30T00:00:00Z', tokyo)).toBe(true);
  });

  it('throws on an unknown zone, an invalid date or days it cannot read', () => {
    const mars = { ...MAPLE_RIDGE, timeZone: 'Mars/Olympus_Mons' };
    expect(() => openAt('2026-11-30T12:00:00Z', mars)).toThrow(/Mars\/Olympus_Mons/);
    expect(() => isWithinOfficeHours(MAPLE_RIDGE, new Date(Number.NaN))).toThrow(RangeError);
    const typo = { ...MAPLE_RIDGE, hours: [{ days: 'Mondy', open: '09:00', close: '18:00' }] };
    expect(() => openAt('2026-11-30T20:00:00Z', typo)).toThrow(
      new OfficeHoursError(['officeHours.hours[0].days names no days: "Mondy"']),
    );
  });
});

describe('parseOfficeHours', () => {
  it("accepts the brokerage's config file", () => {
    const file = JSON.parse(
      readFileSync(new URL('../../assistant.config.json', import.meta.url), 'utf8'),
    );
    const officeHours = parseOfficeHours(file.officeHours);
    expect(officeHours.timeZone).toBe('America/Vancouver');
    expect(officeHours.hours.length).toBeGreaterThan(0);
  });

  it('returns a copy with only the known fields', () => {
    const value = {
      timeZone: 'America/Vancouver',
      note: 'ignored',
      hours: [{ days: 'Saturday', open: '10:00', close: '16:00', by: 'appointment' }],
    };
    expect(parseOfficeHours(value)).toEqual({
      timeZone: 'America/Vancouver',
      hours: [{ days: 'Saturday', open: '10:00', close: '16:00' }],
    });
    expect(parseOfficeHours(MAPLE_RIDGE)).toEqual(MAPLE_RIDGE);
  });

  it('names the bad field by its JSON path', () => {
    const late = {
      ...MAPLE_RIDGE,
      hours: [MAPLE_RIDGE.hours[0], { days: 'Saturday', open: '9am', close: '16:00' }],
    };
    expect(() => parseOfficeHours(late)).toThrow(
      new OfficeHoursError(['officeHours.hours[1].open must be HH:MM']),
    );
    expect(parseError({ ...MAPLE_RIDGE, timeZone: 'Vancouver' }).problems).toEqual([
      'officeHours.timeZone must be an IANA time zone, like "America/Vancouver"',
    ]);
    expect(parseError({ timeZone: 'UTC', hours: [] }).problems).toEqual([
      'officeHours.hours must list at least one { "days", "open", "close" }',
    ]);
    expect(parseError('9 to 5').problems).toEqual([
      'officeHours must be an object with timeZone and hours',
    ]);
  });

  it('lists every problem at once, under the given path', () => {
    const value = {
      hours: [
        { days: 'Weekdays', open: '09:00', close: '24:00' },
        { days: 'Saturday', open: '16:00', close: '10:00' },
        'Sunday',
      ],
    };
    expect(parseError(value, 'brokerage.officeHours').problems).toEqual([
      'brokerage.officeHours.timeZone must be an IANA time zone, like "America/Vancouver"',
      'brokerage.officeHours.hours[0].days must name days, like "Monday to Friday", "Saturday" or "Monday, Wednesday"',
      'brokerage.officeHours.hours[0].close must be HH:MM',
      'brokerage.officeHours.hours[1].close must be after open (16:00)',
      'brokerage.officeHours.hours[2] must be an object with days, open and close',
    ]);
  });

  it.each(['', 'Monday to', 'to Friday', 'Monday,', 'Funday', 'constructor', 'Monday to Funday'])(
    'refuses the days %j',
    (days) => {
      const value = { timeZone: 'UTC', hours: [{ days, open: '09:00', close: '17:00' }] };
      expect(parseError(value).problems).toEqual([
        'officeHours.hours[0].days must name days, like "Monday to Friday", "Saturday" or "Monday, Wednesday"',
      ]);
    },
  );
});
