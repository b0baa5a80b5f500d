import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEWING_HOUR,
  resolveViewingTime,
  resolveViewingTimes,
} from '../../desk/routing/viewing-time.ts';
import { UnknownTimeZoneError } from '../../desk/time/tz-zone.ts';

const VANCOUVER = 'America/Vancouver';
// Friday 27 November 2026, 17:00 in Vancouver: already Saturday in UTC. British Columbia keeps
// UTC-7 (MST) from 1 November 2026 (tz 2026a+), where tz 2025c, the runtime's, had PST (UTC-8).
const FRIDAY_EVENING = '2026-11-28T00:00:00Z';
const SATURDAY_3PM = '2026-11-28T15:00:00-07:00';

function start(said: string, capturedAt: string | Date, timeZone = VANCOUVER): string | null {
  return resolveViewingTime(said, capturedAt, timeZone).start;
}

describe('resolveViewingTime', () => {
  it('keeps the words beside the result', () => {
    expect(resolveViewingTime('Saturday 2:00 PM', FRIDAY_EVENING, VANCOUVER)).toEqual({
      said: 'Saturday 2:00 PM',
      start: '2026-11-28T14:00:00.000-07:00',
      timeZone: VANCOUVER,
    });
  });

  it.each([
    ['tomorrow at 10am', '2026-11-28T10:00:00.000-07:00'],
    ['Sat at 2', '2026-11-28T14:00:00.000-07:00'],
    ['sat 2pm', '2026-11-28T14:00:00.000-07:00'],
    ['Saturday at noon', '2026-11-28T12:00:00.000-07:00'],
    ['next Saturday at 11', '2026-12-05T11:00:00.000-07:00'],
    ['2026-12-03 15:30', '2026-12-03T15:30:00.000-07:00'],
    ['2026-12-03T15:30', '2026-12-03T15:30:00.000-07:00'],
    ['December 3rd at 3:30pm', '2026-12-03T15:30:00.000-07:00'],
    ['Dec 3 at 3:30 pm', '2026-12-03T15:30:00.000-07:00'],
    ['12/3 at 4pm', '2026-12-03T16:00:00.000-07:00'],
    ['Could we see it Monday at 9:15am please?', '2026-11-30T09:15:00.000-07:00'],
  ])('reads %j in the brokerage zone', (said, expected) => {
    expect(start(said, FRIDAY_EVENING)).toBe(expected);
  });

  it("reads 'tomorrow' as the brokerage's tomorrow, not UTC's", () => {
    // 00:00 UTC on Saturday is Friday evening in Vancouver, so tomorrow is Saturday there…
    expect(start('tomorrow at 10am', FRIDAY_EVENING)).toBe('2026-11-28T10:00:00.000-07:00');
    // …and Sunday in UTC.
    expect(start('tomorrow at 10am', FRIDAY_EVENING, 'UTC')).toBe('2026-11-29T10:00:00.000Z');
    // 23:30 UTC on Saturday is already Sunday in Paris.
    expect(start('tomorrow at 9', '2026-03-28T23:30:00Z', 'Europe/Paris')).toBe(
      '2026-03-30T09:00:00.000+02:00',
    );
  });

  it('moves a weekday and time already past to next week', () => {
    expect(start('Saturday 2:00 PM', SATURDAY_3PM)).toBe('2026-12-05T14:00:00.000-07:00');
    expect(start('Saturday 2:00 PM', '2026-11-28T13:00:00-07:00')).toBe(
      '2026-11-28T14:00:00.000-07:00',
    );
    expect(start('Saturday at noon', SATURDAY_3PM)).toBe('2026-12-05T12:00:00.000-07:00');
  });

  it('moves a time alone already past to the next day', () => {
    expect(start('3pm', '2026-11-27T17:00:00-07:00')).toBe('2026-11-28T15:00:00.000-07:00');
    expect(start('3pm', '2026-11-27T10:00:00-07:00')).toBe('2026-11-27T15:00:00.000-07:00');
    expect(start('at 2:30', '2026-11-27T10:00:00-07:00')).toBe('2026-11-27T14:30:00.000-07:00');
    expect(start('midnight', '2026-11-27T10:00:00-07:00')).toBe('2026-11-28T00:00:00.000-07:00');
  });

  it('keeps a day said outright, even when already past', () => {
    expect(start('today at 2pm', SATURDAY_3PM)).toBe('2026-11-28T14:00:00.000-07:00');
    expect(start('2026-11-20 10:00', SATURDAY_3PM)).toBe('2026-11-20T10:00:00.000-07:00');
  });

  it('reads 12-hour and 24-hour clocks', () => {
    const friday10am = '2026-11-27T10:00:00-07:00';
    expect(start('14:30', friday10am)).toBe('2026-11-27T14:30:00.000-07:00');
    expect(start('2:30 pm', friday10am)).toBe('2026-11-27T14:30:00.000-07:00');
    expect(start('2:30 am', friday10am)).toBe('2026-11-28T02:30:00.000-07:00');
    expect(start('02:00', friday10am)).toBe('2026-11-28T02:00:00.000-07:00');
    expect(start('12pm', friday10am)).toBe('2026-11-27T12:00:00.000-07:00');
    expect(start('12am', friday10am)).toBe('2026-11-28T00:00:00.000-07:00');
    // Without am/pm, 1 to 7 are afternoon and evening, 8 to 12 morning and noon.
    expect(start('at 7', friday10am)).toBe('2026-11-27T19:00:00.000-07:00');
    expect(start('at 11', friday10am)).toBe('2026-11-27T11:00:00.000-07:00');
    expect(start('at 9', friday10am)).toBe('2026-11-28T09:00:00.000-07:00');
    expect(start('Monday at 9', friday10am)).toBe('2026-11-30T09:00:00.000-07:00');
  });

  it('gives a day without a time the default hour, marked approximate', () => {
    const hour = String(DEFAULT_VIEWING_HOUR).padStart(2, '0');
    expect(resolveViewingTime('this weekend', FRIDAY_EVENING, VANCOUVER)).toEqual({
      said: 'this weekend',
      start: `2026-11-28T${hour}:00:00.000-07:00`,
      timeZone: VANCOUVER,
      approximate: true,
    });
    expect(start('Saturday', FRIDAY_EVENING)).toBe('2026-11-28T10:00:00.000-07:00');
    expect(start('next week', FRIDAY_EVENING)).toBe('2026-12-04T10:00:00.000-07:00');
    // On a Sunday, "this weekend" and "Saturday" are next week's.
    expect(start('this weekend', '2026-11-29T12:00:00-07:00')).toBe(
      '2026-12-05T10:00:00.000-07:00',
    );
    expect(start('Saturday', '2026-11-29T12:00:00-07:00')).toBe('2026-12-05T10:00:00.000-07:00');
    // "Friday" late on a Friday: today's default hour has passed, so next Friday.
    expect(start('friday', FRIDAY_EVENING)).toBe('2026-12-04T10:00:00.000-07:00');
    expect(start('friday', '2026-11-27T08:00:00-07:00')).toBe('2026-11-27T10:00:00.000-07:00');
  });

  it("gives parts of the day chrono-node's hours, marked approximate", () => {
    expect(resolveViewingTime('next Tuesday afternoon', FRIDAY_EVENING, VANCOUVER)).toEqual({
      said: 'next Tuesday afternoon',
      start: '2026-12-01T15:00:00.000-07:00',
      timeZone: VANCOUVER,
      approximate: true,
    });
    expect(start('tomorrow morning', FRIDAY_EVENING)).toBe('2026-11-28T06:00:00.000-07:00');
    expect(start('Sunday evening', FRIDAY_EVENING)).toBe('2026-11-29T20:00:00.000-07:00');
    expect(start('tonight', '2026-11-27T12:00:00-07:00')).toBe('2026-11-27T22:00:00.000-07:00');
    expect(resolveViewingTime('tonight', FRIDAY_EVENING, VANCOUVER).approximate).toBe(true);
    expect(resolveViewingTime('Sat at 2', FRIDAY_EVENING, VANCOUVER)).not.toHaveProperty(
      'approximate',
    );
  });

  it('uses the offset in force on the day, across the March DST change', () => {
    // Saturday 7 March 2026, PST; clocks go forward on Sunday 8 March at 02:00.
    const beforeChange = '2026-03-07T12:00:00-08:00';
    expect(start('tomorrow at 10am', beforeChange)).toBe('2026-03-08T10:00:00.000-07:00');
    expect(start('Sunday', beforeChange)).toBe('2026-03-08T10:00:00.000-07:00');
    expect(start('today at 5pm', beforeChange)).toBe('2026-03-07T17:00:00.000-08:00');
    // A duration is elapsed time: 23:30 PST plus three hours is 03:30 PDT.
    expect(start('in 3 hours', '2026-03-07T23:30:00-08:00')).toBe('2026-03-08T03:30:00.000-07:00');
    // 02:30 does not exist that night; it resolves to the same time after the change.
    expect(start('March 8 at 2:30am', '2026-03-01T12:00:00-08:00')).toBe(
      '2026-03-08T03:30:00.000-07:00',
    );
  });

  it('keeps UTC-7 in Vancouver after 1 November 2026, where the old rules went back to PST', () => {
    // Saturday 31 October 2026, PDT; from Sunday 1 November British Columbia stays on UTC-7.
    const beforeChange = '2026-10-31T12:00:00-07:00';
    expect(start('Monday at 3pm', beforeChange)).toBe('2026-11-02T15:00:00.000-07:00');
    expect(start('tomorrow at 10am', beforeChange)).toBe('2026-11-01T10:00:00.000-07:00');
    expect(start('Saturday 2:00 PM', '2026-10-31T15:00:00-07:00')).toBe(
      '2026-11-07T14:00:00.000-07:00',
    );
    expect(start('in 24 hours', beforeChange)).toBe('2026-11-01T12:00:00.000-07:00');
  });

  it('reads "Sunday 2:00 PM" said on 26 November 2026 in Vancouver as 21:00 UTC, not 22:00', () => {
    // 02:00 UTC on 27 November is Thursday 19:00 MST; tz 2025c would have said 22:00 UTC (PST).
    const said = resolveViewingTime('Sunday 2:00 PM', '2026-11-27T02:00:00Z', VANCOUVER);
    expect(said.start).toBe('2026-11-29T14:00:00.000-07:00');
    expect(new Date(said.start ?? '').toISOString()).toBe('2026-11-29T21:00:00.000Z');
    expect(new Date(start('tomorrow at 11am', '2026-11-27T02:00:00Z') ?? '').toISOString()).toBe(
      '2026-11-27T18:00:00.000Z',
    );
  });

  it('uses the offset in force on the day where clocks still go back (America/New_York)', () => {
    // Saturday 31 October 2026, EDT; clocks go back on Sunday 1 November at 02:00.
    const ny = 'America/New_York';
    const beforeChange = '2026-10-31T12:00:00-04:00';
    expect(start('Monday at 3pm', beforeChange, ny)).toBe('2026-11-02T15:00:00.000-05:00');
    expect(start('tomorrow at 11am', beforeChange, ny)).toBe('2026-11-01T11:00:00.000-05:00');
    expect(start('Saturday 2:00 PM', '2026-10-31T15:00:00-04:00', ny)).toBe(
      '2026-11-07T14:00:00.000-05:00',
    );
    // A duration is elapsed time: the day has 25 hours.
    expect(start('in 24 hours', beforeChange, ny)).toBe('2026-11-01T11:00:00.000-05:00');
    // 01:30 happens twice that night: the first, still daylight time, whatever day this runs.
    expect(start('November 1 at 1:30am', beforeChange, ny)).toBe('2026-11-01T01:30:00.000-04:00');
  });

  it.each([
    ['in 2 hours', '2026-11-27T19:00:00.000-07:00'],
    ['2 hours from now', '2026-11-27T19:00:00.000-07:00'],
    ['in half an hour', '2026-11-27T17:30:00.000-07:00'],
    ['in an hour', '2026-11-27T18:00:00.000-07:00'],
    ['in 90 min', '2026-11-27T18:30:00.000-07:00'],
    ['in 1.5 hours', '2026-11-27T18:30:00.000-07:00'],
    ['in 2 hours and 30 minutes', '2026-11-27T19:30:00.000-07:00'],
    ['in 1 day and 2 hours', '2026-11-28T19:00:00.000-07:00'],
  ])('adds a duration said as one: %j', (said, expected) => {
    expect(resolveViewingTime(said, FRIDAY_EVENING, VANCOUVER)).toEqual({
      said,
      start: expected,
      timeZone: VANCOUVER,
    });
  });

  it('converts a time said with its own zone into the brokerage zone', () => {
    expect(start('3pm EST', '2026-11-27T08:00:00-07:00')).toBe('2026-11-27T13:00:00.000-07:00');
  });

  it('accepts the capture time as a Date or as ISO 8601 with any offset', () => {
    const date = new Date(FRIDAY_EVENING);
    expect(start('Sat at 2', date)).toBe('2026-11-28T14:00:00.000-07:00');
    expect(start('Sat at 2', '2026-11-28T01:00:00+01:00')).toBe('2026-11-28T14:00:00.000-07:00');
    // Without an offset, the capture time is the brokerage's wall clock.
    expect(start('tomorrow at 10am', '2026-11-27T17:00:00')).toBe('2026-11-28T10:00:00.000-07:00');
  });

  it.each(['asap', 'whenever works', '', '   ', 'samedi 14h', '2 hours'])(
    'gives null for words that name no time: %j',
    (said) => {
      expect(resolveViewingTime(said, FRIDAY_EVENING, VANCOUVER)).toEqual({
        said,
        start: null,
        timeZone: VANCOUVER,
      });
    },
  );

  it('throws a RangeError naming an unknown time zone or a bad capture time', () => {
    const unknown = () => resolveViewingTime('Saturday', FRIDAY_EVENING, 'Mars/Olympus_Mons');
    expect(unknown).toThrow(UnknownTimeZoneError);
    expect(unknown).toThrow(RangeError);
    expect(unknown).toThrow('Unknown IANA time zone: "Mars/Olympus_Mons"');
    expect(() => resolveViewingTime('Saturday', 'last Friday', VANCOUVER)).toThrow(RangeError);
    expect(() => resolveViewingTime('Saturday', new Date(Number.NaN), VANCOUVER)).toThrow(
      RangeError,
    );
  });
});

describe('resolveViewingTimes', () => {
  it('resolves each suggestion in order against one capture time', () => {
    const times = resolveViewingTimes(['Sat at 2', 'asap', 'Sunday'], FRIDAY_EVENING, VANCOUVER);
    expect(times).toEqual([
      { said: 'Sat at 2', start: '2026-11-28T14:00:00.000-07:00', timeZone: VANCOUVER },
      { said: 'asap', start: null, timeZone: VANCOUVER },
      {
        said: 'Sunday',
        start: '2026-11-29T10:00:00.000-07:00',
        timeZone: VANCOUVER,
        approximate: true,
      },
    ]);
  });

  it('checks the zone even with nothing to resolve', () => {
    expect(resolveViewingTimes([], FRIDAY_EVENING, VANCOUVER)).toEqual([]);
    expect(() => resolveViewingTimes([], FRIDAY_EVENING, 'Nowhere/City')).toThrow(RangeError);
  });
});
