import { describe, expect, it } from 'vitest';
import { claimFigures } from '../../desk/inbox/claim-numbers.ts';

// Time to claim from claim_daily's rows (issue 27 §2): the agents add up to the total, the share
// within claimMinutes is of all new leads in total and of the agent's own claims by agent.
describe('claimFigures', () => {
  const daniel = { agent: 'daniel@x.example', name: 'Daniel Okafor' };
  const priya = { agent: 'priya@x.example', name: 'Priya Sandhu' };
  // Bucket 30 is 1.1^30 ≈ 17 s to 19 s; bucket 60 ≈ 5 min 4 s to 5 min 34 s.
  const rows = [
    { ...daniel, bucket: 30, within: true, leads: 1 },
    { ...daniel, bucket: 60, within: false, leads: 3 },
    { ...priya, bucket: 30, within: true, leads: 1 },
    // A merge took this claim away: a row of zero shows nothing.
    { agent: 'sam@x.example', name: 'Sam Lee', bucket: 40, within: true, leads: 0 },
  ];

  it('sums the agents into the total, with the unclaimed leads in the total only', () => {
    const { total, byAgent } = claimFigures(rows, 8);
    expect(byAgent.map((r) => [r.key, r.leads, r.claimed, r.claimedWithin])).toEqual([
      ['Daniel Okafor', 4, 4, 1],
      ['Priya Sandhu', 1, 1, 1],
    ]);
    expect(total).toMatchObject({ key: 'all', leads: 8, claimed: 5, claimedWithin: 2 });
    expect(total.claimedWithinShare).toBe(2 / 8);
    expect(byAgent[0]?.claimedWithinShare).toBe(1 / 4);
  });

  it('gives the median and p90 in minutes, within the buckets’ 5%', () => {
    const { total, byAgent } = claimFigures(rows, 8);
    expect(total.medianMinutes).toBeGreaterThan(5);
    expect(total.medianMinutes).toBeLessThan(5.7);
    expect(byAgent[0]?.p90Minutes).toBeGreaterThan(5);
    expect(byAgent[0]?.p90Minutes).toBeLessThan(5.7);
    expect(byAgent[1]?.medianMinutes).toBeGreaterThan(17 / 60 - 0.05);
    expect(byAgent[1]?.medianMinutes).toBeLessThan(20 / 60 + 0.05);
  });

  it('has no figures without a lead or a claim', () => {
    expect(claimFigures([], 0)).toEqual({
      total: {
        key: 'all',
        leads: 0,
        claimed: 0,
        claimedWithin: 0,
        claimedWithinShare: null,
        medianMinutes: null,
        p90Minutes: null,
      },
      byAgent: [],
    });
  });
});
