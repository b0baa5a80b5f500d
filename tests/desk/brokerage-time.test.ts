import { describe, expect, it } from 'vitest';
import { lastWeek } from '../../desk/reports/weekly-report.ts';
import {
  daysBefore,
  displayTime,
  isoInZone,
  shownTime,
  shownTimeOrNull,
  startOfDay,
  startOfWeek,
  wallTimeToInstant,
  zoneAbbreviation,
} from '../../desk/time/brokerage-time.ts';
import {
  isKnownZone,
  TZDATA_VERSION,
  UnknownTimeZoneError,
  zoneNamed,
} from '../../desk/time/tz-zone.ts';
import { tzdataMismatch, tzdataVersions } from '../../desk/time/tzdata-version.ts';

const VANCOUVER = 'America/Vancouver';
const NEW_YORK = 'America/New_York';

describe('the pinned tz database', () => {
  it('is a release that knows British Columbia stays on UTC-7 from 1 November 2026', () => {
    expect(TZDATA_VERSION >= '2026a').toBe(true);
    expect(zoneNamed(VANCOUVER).offset(Date.parse('2026-12-01T00:00:00Z'))).toBe(-420);
    expect(zoneAbbreviation('2026-12-01T00:00:00Z', VANCOUVER)).toBe('MST');
    expect(zoneAbbreviation('2026-10-01T00:00:00Z', VANCOUVER)).toBe('PDT');
  });

  it('knows zones by their exact IANA names only', () => {
    expect(isKnownZone(VANCOUVER)).toBe(true);
    expect(isKnownZone('UTC')).toBe(true);
    expect(isKnownZone('america/vancouver')).toBe(false);
    expect(isKnownZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => zoneNamed('Mars/Olympus_Mons')).toThrow(UnknownTimeZoneError);
  });

  it('reports its release and says when the runtime carries another', () => {
    expect(tzdataVersions('2025c')).toEqual({ tzdata: TZDATA_VERSION, runtime: '2025c' });
    expect(tzdataMismatch({ tzdata: '2026f', runtime: '2025c' })).toMatch(
      /runtime's data is tz 2025c, the desk's is 2026f/,
    );
    expect(tzdataMismatch({ tzdata: '2026f', runtime: '2026f' })).toBeNull();
    expect(tzdataMismatch({ tzdata: '2026f', runtime: null })).toBeNull();
  });
});

describe('brokerage time', () => {
  it('writes the one display text every surface shows', () => {
    expect(displayTime('2026-11-29T21:00:00Z', VANCOUVER)).toBe(
      'Sunday, November 29, 2026, 2:00 PM MST',
    );
    expect(displayTime(new Date('2026-10-29T21:00:00Z'), VANCOUVER)).toBe(
      'Thursday, October 29, 2026, 2:00 PM PDT',
    );
    expect(shownTime('2026-11-29T21:00:00Z', VANCOUVER)).toEqual({
      at: '2026-11-29T14:00:00.000-07:00',
      text: 'Sunday, November 29, 2026, 2:00 PM MST',
    });
    expect(isoInZone('2026-11-02T17:00:00Z', NEW_YORK)).toBe('2026-11-02T12:00:00.000-05:00');
    expect(displayTime('2026-11-02T17:00:00Z', NEW_YORK)).toBe(
      'Monday, November 2, 2026, 12:00 PM EST',
    );
    expect(isoInZone('2026-11-29T21:00:00Z', 'UTC')).toBe('2026-11-29T21:00:00.000Z');
  });

  it('shows nothing for a missing or unreadable instant, but never hides an unknown zone', () => {
    expect(shownTimeOrNull(null, VANCOUVER)).toBeNull();
    expect(shownTimeOrNull('not a time', VANCOUVER)).toBeNull();
    expect(() => shownTimeOrNull('2026-11-29T21:00:00Z', 'Nowhere/City')).toThrow(
      UnknownTimeZoneError,
    );
  });

  it('resolves wall times with the offset in force that day, across a clock change', () => {
    const at = (month: number, day: number, hour: number, minute = 0, zone = NEW_YORK) =>
      wallTimeToInstant({ year: 2026, month, day, hour, minute }, zone).toISO();
    expect(at(10, 31, 14)).toBe('2026-10-31T14:00:00.000-04:00');
    expect(at(11, 2, 14)).toBe('2026-11-02T14:00:00.000-05:00');
    // Said twice on 1 November: the first, daylight one.
    expect(at(11, 1, 1, 30)).toBe('2026-11-01T01:30:00.000-04:00');
    // Skipped on 8 March: the same time after the change.
    expect(at(3, 8, 2, 30)).toBe('2026-03-08T03:30:00.000-04:00');
    expect(at(11, 29, 14, 0, VANCOUVER)).toBe('2026-11-29T14:00:00.000-07:00');
  });

  it('counts days and weeks on the local calendar, 23 or 25 hours long at a change', () => {
    const during = new Date('2026-11-04T12:00:00Z');
    expect(startOfDay(during, NEW_YORK).toISOString()).toBe('2026-11-04T05:00:00.000Z');
    expect(startOfWeek(during, NEW_YORK).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // A week back from Monday 9 November 00:00 EST is Monday 2 November 00:00 EST…
    expect(daysBefore(new Date('2026-11-09T05:00:00Z'), 7, NEW_YORK).toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    // …and from Monday 2 November 00:00 EST, Monday 26 October 00:00 EDT: 169 hours.
    expect(daysBefore(new Date('2026-11-02T05:00:00Z'), 7, NEW_YORK).toISOString()).toBe(
      '2026-10-26T04:00:00.000Z',
    );
    expect(startOfDay(new Date('2026-11-27T02:00:00Z'), VANCOUVER).toISOString()).toBe(
      '2026-11-26T07:00:00.000Z',
    );
  });
});

describe("the weekly report's week", () => {
  it('runs Monday 00:00 to Monday 00:00 on the local clock, 169 hours across the change', () => {
    const week = lastWeek(new Date('2026-11-04T12:00:00Z'), NEW_YORK);
    expect(week).toEqual({
      period: '2026-10-26',
      start: new Date('2026-10-26T04:00:00.000Z'),
      end: new Date('2026-11-02T05:00:00.000Z'),
    });
    // Vancouver keeps UTC-7 from 1 November 2026: the week after the change is 168 hours.
    expect(lastWeek(new Date('2026-12-02T12:00:00Z'), VANCOUVER)).toEqual({
      period: '2026-11-23',
      start: new Date('2026-11-23T07:00:00.000Z'),
      end: new Date('2026-11-30T07:00:00.000Z'),
    });
  });
});
