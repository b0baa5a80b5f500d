import type { ClaimRow } from './api-contract.ts';
import { bucketPercentile } from './speed-buckets.ts';

/**
 * Time to claim from `claim_daily`'s rows (migrations/0015-claim-numbers.sql), in total and by
 * the agent who claimed. Pure: the rows are summed here, so the agents' counts add up to the
 * total's by construction.
 */

/** A period's claims in one bucket, by one agent, within `claimMinutes` or not. */
export interface ClaimBucket {
  /** The claimer's lower-case email. */
  agent: string;
  name: string | null;
  bucket: number;
  within: boolean;
  leads: number;
}

function row(key: string, leads: number, buckets: readonly ClaimBucket[]): ClaimRow {
  const claimed = buckets.reduce((n, b) => n + b.leads, 0);
  const claimedWithin = buckets.reduce((n, b) => n + (b.within ? b.leads : 0), 0);
  const minutes = (p: number) => {
    const seconds = bucketPercentile(buckets, p);
    return seconds === null ? null : Math.round(seconds / 6) / 10;
  };
  return {
    key,
    leads,
    claimed,
    claimedWithin,
    claimedWithinShare: leads === 0 ? null : claimedWithin / leads,
    medianMinutes: minutes(0.5),
    p90Minutes: minutes(0.9),
  };
}

/**
 * The period's time to claim: `newLeads` is the total's `leads` (its new leads, claimed or
 * not); an agent's row is about the leads they claimed, most first.
 */
export function claimFigures(
  buckets: readonly ClaimBucket[],
  newLeads: number,
): { total: ClaimRow; byAgent: ClaimRow[] } {
  const agents = new Map<string, ClaimBucket[]>();
  for (const b of buckets) {
    agents.set(b.agent, [...(agents.get(b.agent) ?? []), b]);
  }
  const byAgent = [...agents.entries()]
    .map(([agent, own]) => {
      const name = own.find((b) => b.name !== null)?.name ?? agent;
      const claimed = own.reduce((n, b) => n + b.leads, 0);
      return row(name, claimed, own);
    })
    // A merge takes a claim away and leaves its row at zero: nothing to show.
    .filter((r) => r.claimed !== 0)
    .sort((a, b) => b.claimed - a.claimed || a.key.localeCompare(b.key));
  return { total: row('all', newLeads, buckets), byAgent };
}
