import { performance } from 'node:perf_hooks';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';

/**
 * Spaces a worker's claims so that delivery never stalls the requests it shares the process
 * with (issue 31 #13). The desk's jobs run in the same event loop as its HTTP routes, and on
 * PGlite through the same single session: ten alerts claimed and started at once each composed
 * their email and queued their queries ahead of the captures that came in meanwhile. So claims
 * go one at a time, each after a turn of the loop (the requests waiting on a socket are read
 * first), and while captures are coming in fast ({@link BURST} enqueues within
 * {@link BURST_WINDOW_MS}) a claim waits for a moment when the loop is not mostly busy: a burst
 * of captures is answered first, and its alerts fill the gaps between them. The wait is bounded
 * ({@link MAX_HOLD_MS}); a claim that waited it out takes only a couple of jobs, so alerts keep
 * going out, several a second, even while the loop is saturated, without a batch's stretch of
 * work landing on captures already waiting.
 */

/** Enqueues this close together mean a burst of captures is coming in. */
const BURST = 5;
const BURST_WINDOW_MS = 500;
/** The window over which the loop's busy share is measured before a job starts in a burst. */
const PROBE_MS = 10;
/** A job waits while the loop was busier than this over the last probe. */
const BUSY_SHARE = 0.6;
/** The longest a claim waits for a quiet moment: a floor on delivery while ingest saturates. */
const MAX_HOLD_MS = 250;
/**
 * Jobs a claim takes when the loop stayed busy through the hold: a couple of alerts between
 * captures, not ten. A claim that found a quiet moment takes its whole batch, so a lane that
 * waits on the network (a CRM) keeps its ten requests in flight.
 */
const BURST_BATCH = 2;

/** Timing the pacer takes from its worker (tests shorten the hold). */
export interface PacerTiming {
  maxHoldMs?: number;
  /** The loop's busy share over a probe; a test gives one that always says busy. */
  busyShare?: (probeMs: number) => Promise<number>;
  /** The clock bursts and holds are timed by; a test's moves only when its probes say so. */
  now?: () => number;
}

/** The loop's busy share over the next `probeMs`, from `performance.eventLoopUtilization`. */
async function measureBusyShare(probeMs: number): Promise<number> {
  const before = performance.eventLoopUtilization();
  await sleep(probeMs);
  return performance.eventLoopUtilization(before).utilization;
}

/** One worker's pacing of its job starts (see the module comment). */
export class JobPacer {
  readonly #recent: number[] = [];
  readonly #maxHoldMs: number;
  readonly #busyShare: (probeMs: number) => Promise<number>;
  readonly #now: () => number;
  #queue: Promise<void> = Promise.resolve();

  constructor(timing: PacerTiming = {}) {
    this.#maxHoldMs = timing.maxHoldMs ?? MAX_HOLD_MS;
    this.#busyShare = timing.busyShare ?? measureBusyShare;
    this.#now = timing.now ?? (() => performance.now());
  }

  /** Notes that work was enqueued now (a capture's alert, a transcript's update). */
  enqueued(): void {
    this.#recent.push(this.#now());
    if (this.#recent.length > BURST) {
      this.#recent.shift();
    }
  }

  /** True while enqueues come in as a burst. */
  inBurst(): boolean {
    const oldest = this.#recent[0];
    return (
      this.#recent.length === BURST &&
      oldest !== undefined &&
      this.#now() - oldest < BURST_WINDOW_MS
    );
  }

  /**
   * Resolves, when the next claim may go, how many jobs it takes: `batchSize`, or at most
   * {@link BURST_BATCH} when a burst kept the loop busy through the longest hold. Claims go one
   * at a time, in the order asked, each after a turn of the loop and, in a burst, after a quiet
   * probe or the longest hold.
   */
  claimSize(batchSize: number): Promise<number> {
    const mine = this.#queue.then(() => this.#wait());
    this.#queue = mine.then(() => undefined);
    return mine.then((quiet) => (quiet ? batchSize : Math.min(batchSize, BURST_BATCH)));
  }

  /** Waits this claim's turn; resolves false when a burst held it the longest hold in vain. */
  async #wait(): Promise<boolean> {
    await setImmediate();
    const started = this.#now();
    while (this.inBurst()) {
      if (this.#now() - started >= this.#maxHoldMs) {
        return false;
      }
      if ((await this.#busyShare(PROBE_MS)) < BUSY_SHARE) {
        return true;
      }
    }
    return true;
  }
}
