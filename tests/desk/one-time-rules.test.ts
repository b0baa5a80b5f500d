import { describe, expect, it } from 'vitest';
import { numbersPeriod } from '../../desk/inbox/numbers.ts';
import { localDay } from '../../desk/leads/numbers-rollup.ts';
import { lastWeek } from '../../desk/reports/weekly-report.ts';
import { displayTime, startOfDay } from '../../desk/time/brokerage-time.ts';

// Issue 26 §1: received times, the numbers' day boundaries and the weekly report's week use the
// same rules. New York still changes clocks: 02:00 EDT on 1 November 2026 became 01:00 EST.
const NEW_YORK = 'America/New_York';
const VANCOUVER = 'America/Vancouver';

const MONTHS = ['October', 'November'];

/** The local date a display text names, `YYYY-MM-DD` ("Sunday, November 1, 2026, …"). */
function dayOfText(text: string): string {
  const match = /^\w+, (\w+) (\d+), (\d{4}),/.exec(text);
  if (!match) {
    throw new Error(`not a display text: ${text}`);
  }
  const month = MONTHS.indexOf(match[1] ?? '') + 10;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(match[2]).padStart(2, '0')}`;
}

describe('one set of time rules for every surface', () => {
  it("counts a capture on the day its received time's text shows, either side of the change", () => {
    const instants = [
      '2026-10-31T03:59:00Z', // 23:59 EDT on 30 October
      '2026-11-01T04:30:00Z', // 00:30 EDT on 1 November (31 October by EST)
      '2026-11-01T05:30:00Z', // 01:30 EDT, the first of two
      '2026-11-01T06:30:00Z', // 01:30 EST, the second
      '2026-11-02T04:30:00Z', // 23:30 EST on 1 November (2 November by EDT and by UTC)
      '2026-11-02T05:00:00Z', // midnight EST on 2 November
    ];
    const days = instants.map((at) => {
      const text = displayTime(at, NEW_YORK);
      expect(localDay(new Date(at), NEW_YORK), text).toBe(dayOfText(text));
      return localDay(new Date(at), NEW_YORK);
    });
    expect(days).toEqual([
      '2026-10-30',
      '2026-11-01',
      '2026-11-01',
      '2026-11-01',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(displayTime('2026-11-01T05:30:00Z', NEW_YORK)).toBe(
      'Sunday, November 1, 2026, 1:30 AM EDT',
    );
    expect(displayTime('2026-11-01T06:30:00Z', NEW_YORK)).toBe(
      'Sunday, November 1, 2026, 1:30 AM EST',
    );
  });

  it("gives the weekly report's week and the numbers' 7 days the same bounds", () => {
    for (const [now, zone] of [
      ['2026-11-04T12:00:00Z', NEW_YORK], // the week holding the change: 169 hours
      ['2026-11-11T12:00:00Z', NEW_YORK],
      ['2026-11-04T12:00:00Z', VANCOUVER], // British Columbia stays on UTC-7 from 1 November
    ] as const) {
      const week = lastWeek(new Date(now), zone);
      // The report asks the numbers for 7 days up to the week's end.
      const period = numbersPeriod(7, week.end, zone);
      expect(period.from.toISOString(), `${zone} ${now}`).toBe(week.start.toISOString());
      expect(period.firstDay).toBe(week.period);
      expect(period.endDay).toBe(localDay(week.end, zone));
      expect(startOfDay(week.end, zone).toISOString()).toBe(week.end.toISOString());
    }
    const across = lastWeek(new Date('2026-11-04T12:00:00Z'), NEW_YORK);
    expect((across.end.getTime() - across.start.getTime()) / 3_600_000).toBe(169);
  });

  it('starts the numbers period at local midnight with the offset of that day', () => {
    // Saturday 7 November (EST): 7 days from Sunday 1 November, which began in EDT.
    expect(numbersPeriod(7, new Date('2026-11-07T17:00:00Z'), NEW_YORK)).toEqual({
      firstDay: '2026-11-01',
      endDay: '2026-11-08',
      from: new Date('2026-11-01T04:00:00.000Z'),
    });
    expect(numbersPeriod(7, new Date('2026-11-08T17:00:00Z'), NEW_YORK).from).toEqual(
      new Date('2026-11-02T05:00:00.000Z'),
    );
  });
});
