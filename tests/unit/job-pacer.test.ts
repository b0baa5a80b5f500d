import { describe, expect, it } from 'vitest';
import { JobPacer } from '../../desk/jobs/job-pacer.ts';

/** A burst: enough enqueues at once that the pacer holds jobs for a quiet loop. */
function burst(pacer: JobPacer): void {
  for (let i = 0; i < 5; i++) {
    pacer.enqueued();
  }
}

describe('job pacer', () => {
  it('claims a whole batch after one turn of the loop when no burst of captures is coming in', async () => {
    let probes = 0;
    const pacer = new JobPacer({
      busyShare: async () => {
        probes += 1;
        return 1;
      },
    });
    pacer.enqueued();
    expect(await pacer.claimSize(10)).toBe(10);
    expect(probes).toBe(0);
  });

  it('holds a claim while a burst keeps the loop busy, never past the longest hold, and takes a couple of jobs', async () => {
    // Time passes only as the probes say, so a slow machine cannot end the burst meanwhile.
    let clock = 0;
    const pacer = new JobPacer({
      maxHoldMs: 120,
      now: () => clock,
      busyShare: async (ms) => {
        clock += ms;
        return 0.95;
      },
    });
    burst(pacer);
    expect(pacer.inBurst()).toBe(true);
    const started = clock;
    expect(await pacer.claimSize(10)).toBe(2);
    const waited = clock - started;
    expect(waited).toBeGreaterThanOrEqual(115);
    expect(waited).toBeLessThan(1000);
  });

  it('claims a whole batch in a burst as soon as the loop has a quiet moment', async () => {
    const shares = [0.9, 0.9, 0.2];
    let probes = 0;
    const pacer = new JobPacer({
      maxHoldMs: 10_000,
      busyShare: async () => {
        probes += 1;
        return shares.shift() ?? 0;
      },
    });
    burst(pacer);
    expect(await pacer.claimSize(10)).toBe(10);
    expect(probes).toBe(3);
  });

  it('lets claims go one at a time, in the order they asked', async () => {
    const pacer = new JobPacer({
      maxHoldMs: 30,
      busyShare: async (ms) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return 1;
      },
    });
    burst(pacer);
    const order: number[] = [];
    const started = performance.now();
    await Promise.all([1, 2, 3].map((n) => pacer.claimSize(10).then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    // Each waited its own hold after the one before it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(85);
  });

  it('sees enqueues spread over more than half a second as no burst', async () => {
    const pacer = new JobPacer();
    for (let i = 0; i < 4; i++) {
      pacer.enqueued();
    }
    expect(pacer.inBurst()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 520));
    pacer.enqueued();
    expect(pacer.inBurst()).toBe(false);
  });
});
