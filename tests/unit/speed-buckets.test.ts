import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketPercentile, type SpeedBucket } from '../../desk/inbox/speed-buckets.ts';

/** The bucket migrations/0010-numbers.sql's speed_bucket() gives a response of `seconds`. */
const bucketOf = (seconds: number) => Math.floor(Math.log(Math.max(seconds, 1)) / Math.log(1.1));

function buckets(seconds: readonly number[]): SpeedBucket[] {
  const counts = new Map<number, number>();
  for (const s of seconds) {
    counts.set(bucketOf(s), (counts.get(bucketOf(s)) ?? 0) + 1);
  }
  return [...counts].map(([bucket, leads]) => ({ bucket, leads }));
}

/** The two responses `percentile_cont` interpolates between for `p`. */
function neighbours(seconds: readonly number[], p: number): [number, number] {
  const sorted = [...seconds].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  return [sorted[Math.floor(rank)] ?? 0, sorted[Math.ceil(rank)] ?? 0];
}

describe('speed to lead from 10% buckets', () => {
  it('is null with no response', () => {
    expect(bucketPercentile([], 0.5)).toBeNull();
  });

  it('lies within 10% of the responses the exact median and p90 fall between', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 2, max: 7 * 86_400 }), { minLength: 1, maxLength: 200 }),
        fc.constantFrom(0.5, 0.9),
        (seconds, p) => {
          const figure = bucketPercentile(buckets(seconds), p) ?? 0;
          const [low, high] = neighbours(seconds, p);
          expect(figure).toBeGreaterThanOrEqual(low / 1.1);
          expect(figure).toBeLessThanOrEqual(high * 1.1);
        },
      ),
    );
  });

  it('says five minutes when every lead was answered in five minutes', () => {
    const figure = bucketPercentile(buckets(Array(40).fill(300)), 0.5) ?? 0;
    expect(Math.round(figure / 60)).toBe(5);
  });
});
