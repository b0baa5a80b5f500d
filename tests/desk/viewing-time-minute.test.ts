import { describe, expect, it } from 'vitest';
import { resolveViewingTime } from '../../desk/routing/viewing-time.ts';

// The desk keeps what words resolve to within a minute (a burst of captures repeats them), and
// only when the reading holds for the whole minute: the same words read again give what a first
// reading gives, to the millisecond.

const VANCOUVER = 'America/Vancouver';

describe('viewing times read again within a minute', () => {
  it('give the first reading, even when the minute itself decides it', () => {
    // Saturday 28 November 2026 at 2 PM in Vancouver (UTC-7): "Saturday 2:00 PM" said at 2 PM
    // sharp is today; said a second later it has passed, and is next Saturday.
    const today = '2026-11-28T14:00:00.000-07:00';
    const nextWeek = '2026-12-05T14:00:00.000-07:00';
    const readings: [string, string][] = [
      ['2026-11-28T21:00:30.000Z', nextWeek],
      ['2026-11-28T21:00:00.000Z', today],
      ['2026-11-28T21:00:45.000Z', nextWeek],
      ['2026-11-28T21:00:00.000Z', today],
      ['2026-11-28T21:00:59.999Z', nextWeek],
    ];
    for (const [capturedAt, start] of readings) {
      expect(resolveViewingTime('Saturday 2:00 PM', capturedAt, VANCOUVER).start, capturedAt).toBe(
        start,
      );
    }
  });

  it('keep a duration from the exact capture time', () => {
    for (const second of ['05', '20', '40', '55']) {
      const capturedAt = `2026-11-27T20:15:${second}.000Z`;
      const start = resolveViewingTime('in 2 hours', capturedAt, VANCOUVER).start;
      expect(new Date(start ?? '').getTime() - new Date(capturedAt).getTime()).toBe(7_200_000);
    }
  });

  it('are copies: changing one changes no later reading', () => {
    const first = resolveViewingTime('Sunday at 11am', '2026-11-27T20:15:05.000Z', VANCOUVER);
    const second = resolveViewingTime('Sunday at 11am', '2026-11-27T20:15:06.000Z', VANCOUVER);
    second.said = 'changed';
    const third = resolveViewingTime('Sunday at 11am', '2026-11-27T20:15:07.000Z', VANCOUVER);
    expect(third).toEqual(first);
  });
});
