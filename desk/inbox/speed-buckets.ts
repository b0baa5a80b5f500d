/**
 * Speed to lead from `speed_daily`'s buckets (migrations/0010-numbers.sql): bucket b holds the
 * responses that took 1.1^b to 1.1^(b+1) seconds (bucket 0 from 0). Pure.
 */

/** How many of a period's new leads were answered in one bucket. */
export interface SpeedBucket {
  bucket: number;
  leads: number;
}

const RATIO = 1.1;

/**
 * The `p` percentile (0–1) of the responses, as `percentile_cont` ranks them, read inside its
 * bucket on a log scale: within 5% of the exact figure. Null with no response.
 */
export function bucketPercentile(buckets: readonly SpeedBucket[], p: number): number | null {
  const sorted = buckets.filter((b) => b.leads > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((n, b) => n + b.leads, 0);
  if (total === 0) {
    return null;
  }
  const rank = p * (total - 1);
  let below = 0;
  for (const { bucket, leads } of sorted) {
    if (rank < below + leads) {
      const within = (rank - below + 0.5) / leads;
      return bucket === 0 ? within * RATIO : RATIO ** (bucket + within);
    }
    below += leads;
  }
  const last = sorted[sorted.length - 1]?.bucket ?? 0;
  return RATIO ** (last + 1);
}
