import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import { type JobKind, type NewJob, RETRY_POLICIES } from './job-kinds.ts';
import { JobPacer, type PacerTiming } from './job-pacer.ts';
import {
  type ClaimedJob,
  claimJobs,
  finishJob,
  type JobResult,
  type LaneFilter,
  releaseLeases,
  renewLease,
} from './job-queue.ts';
import { type AttemptOutcome, type RetryPolicy, retryDelayMs } from './retry-policy.ts';

/** One kind of work a worker does: which jobs it takes, and what it does with each. */
export interface JobLane extends LaneFilter {
  /** Overrides of the kind's policy (a shorter backoff for a drill, another lease). */
  policy?: Partial<RetryPolicy>;
  /** Jobs taken at once: the lane's own concurrency (default 10). */
  batchSize?: number;
  /**
   * Reads, in one go, what a claimed batch's jobs need (ten alerts' leads in one query instead
   * of ten), before they run; `run` finds it there. Optional; a failure here is ignored.
   */
  prefetch?(jobs: readonly ClaimedJob[]): Promise<void>;
  /** Tries the job; a throw counts as a retryable failure. */
  run(job: ClaimedJob): Promise<AttemptOutcome>;
  /** A periodic job's next run, enqueued when this one is delivered or dead. */
  followUp?(job: ClaimedJob): NewJob | null;
  /**
   * The kind of job this lane's jobs follow on the same capture and adapter (a conversation's
   * update follows its alert). A try that finds that one not yet delivered says so (its outcome
   * is `waiting`); it is retried the moment that one is delivered, its backoff only a fallback.
   */
  follows?: JobKind;
}

/** One try's record for the log, with no personal data. */
export interface AttemptEvent {
  jobId: string;
  kind: string;
  adapter?: string;
  attempt: number;
  outcome: 'delivered' | 'retry' | 'dead';
  reason?: string;
  ms: number;
}

/** How the worker is built; clocks and randomness are injectable for tests. */
export interface JobWorkerOptions {
  db: Kysely<DeskDatabase>;
  lanes: readonly JobLane[];
  /** Who holds the leases this worker takes (default: a fresh id). */
  id?: string;
  /** How often the table is checked when nothing wakes the worker. */
  pollMs?: number;
  now?: () => Date;
  random?: () => number;
  onAttempt?: (event: AttemptEvent) => void;
  /** The pacer's timing (./job-pacer.ts); tests shorten it. */
  pacing?: PacerTiming;
}

/** One lane's loop: its own poll timer and run, so a slow lane never holds up another. */
interface LaneLoop {
  lane: JobLane;
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  again: boolean;
}

/**
 * Works the queue (docs/desk.md#jobs): each lane claims its due jobs under a lease in its own
 * loop, so a CRM that hangs never delays an email, runs them, and records delivered, a retry at
 * a backed-off time, or dead with the reason. At least once: a crash after the work succeeded
 * but before the row was updated runs it again, which is why every delivery sends a stable id
 * (webhook-id, Message-ID).
 */
export class JobWorker {
  readonly #options: JobWorkerOptions;
  readonly #id: string;
  readonly #loops: LaneLoop[];
  readonly #pacer: JobPacer;
  /**
   * Per lane, the kinds of the lanes that follow its jobs on its adapter ({@link JobLane.follows}):
   * a lane no other follows (a text's alerts) releases nothing, so its results skip that work.
   */
  readonly #followers = new Map<JobLane, JobKind[]>();
  #stopped = true;

  constructor(options: JobWorkerOptions) {
    this.#options = options;
    this.#pacer = new JobPacer(options.pacing);
    this.#id = options.id ?? `worker-${randomUUID()}`;
    this.#loops = options.lanes.map((lane) => ({ lane, timer: null, running: null, again: false }));
    for (const lane of options.lanes) {
      const kinds = options.lanes
        .filter(
          (f) =>
            f.follows === lane.kind &&
            (f.adapter === undefined || lane.adapter === undefined || f.adapter === lane.adapter),
        )
        .map((f) => f.kind);
      if (kinds.length > 0) {
        this.#followers.set(lane, [...new Set(kinds)]);
      }
    }
  }

  /** Starts polling; {@link wake} makes it look at once. */
  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /**
   * Looks for due jobs now (coalesced with a run in progress): what a caller rings after
   * enqueueing due work. Given the kind it enqueued, only that kind's lanes look: a capture
   * rang every lane, and each empty claim cost a round trip. An arrow, so it can be handed on
   * as is (`services.wakeOutbox`).
   */
  readonly wake = (kind?: JobKind): void => {
    this.#pacer.enqueued();
    this.#wakeLanes(kind);
  };

  /**
   * Runs the lanes of `kind` (every lane when undefined), and of `adapter` when given, now, or
   * again after their run.
   */
  #wakeLanes(kind?: JobKind, adapter?: string | null): void {
    for (const loop of this.#loops) {
      const { lane } = loop;
      const ofAdapter =
        adapter === undefined ||
        adapter === null ||
        lane.adapter === undefined ||
        lane.adapter === adapter;
      if ((kind === undefined || lane.kind === kind) && ofAdapter) {
        this.#wakeLane(loop);
      }
    }
  }

  #wakeLane(loop: LaneLoop): void {
    if (this.#stopped) {
      return;
    }
    if (loop.running) {
      loop.again = true;
      return;
    }
    if (loop.timer) {
      clearTimeout(loop.timer);
      loop.timer = null;
    }
    loop.running = this.#loop(loop.lane).finally(() => {
      loop.running = null;
      if (this.#stopped) {
        return;
      }
      if (loop.again) {
        loop.again = false;
        this.#wakeLane(loop);
        return;
      }
      loop.timer = setTimeout(() => this.#wakeLane(loop), this.#options.pollMs ?? 1000);
      loop.timer.unref?.();
    });
  }

  /** Gives back the leases this worker still holds (see {@link releaseLeases}). */
  async releaseLeases(): Promise<void> {
    await releaseLeases(this.#options.db, this.#id);
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const loop of this.#loops) {
      if (loop.timer) {
        clearTimeout(loop.timer);
        loop.timer = null;
      }
    }
    await Promise.all(this.#loops.map((loop) => loop.running));
  }

  async #loop(lane: JobLane): Promise<void> {
    try {
      // A batch short of full took every job due when it was claimed; one enqueued since rang
      // wake (which runs the lane again), so another claim now would come back empty.
      while ((await this.#runLane(lane)).full && !this.#stopped) {
        // Keep going while there is due work.
      }
    } catch {
      // The database is unreachable or busy: the next poll tries again.
    }
  }

  /** Takes one batch of due jobs per lane and runs them; resolves how many were taken. */
  async runOnce(): Promise<number> {
    const taken = await Promise.all(this.#options.lanes.map((lane) => this.#runLane(lane)));
    return taken.reduce((sum, batch) => sum + batch.taken, 0);
  }

  /** Claims one batch and runs it; `full` when the batch was as large as asked (more may be due). */
  async #runLane(lane: JobLane): Promise<{ taken: number; full: boolean }> {
    const policy = { ...RETRY_POLICIES[lane.kind], ...lane.policy };
    // Each claim waits its turn, and takes fewer jobs while captures come in (./job-pacer.ts).
    const limit = await this.#pacer.claimSize(lane.batchSize ?? 10);
    const jobs = await claimJobs(this.#options.db, lane, {
      workerId: this.#id,
      now: this.#now(),
      leaseMs: policy.leaseMs,
      limit,
    });
    if (jobs.length > 0 && lane.prefetch) {
      // A failed read is left to each job's own (it is retried there, or fails the try).
      await lane.prefetch(jobs).catch(() => undefined);
    }
    // The jobs start a turn of the loop apart, so the requests that came in meanwhile are read
    // between them; they still run side by side while each waits on the network.
    const tries: Promise<void>[] = [];
    for (const job of jobs) {
      const trying = this.#work(lane, policy, job);
      trying.catch(() => undefined);
      tries.push(trying);
      await setImmediate();
    }
    await Promise.all(tries);
    return { taken: jobs.length, full: jobs.length >= limit };
  }

  async #work(lane: JobLane, policy: RetryPolicy, job: ClaimedJob): Promise<void> {
    const started = Date.now();
    let outcome: AttemptOutcome;
    // The lease is renewed while the try runs, so it always outlives it.
    const renew = setInterval(() => {
      const until = new Date(this.#now().getTime() + policy.leaseMs);
      renewLease(this.#options.db, job, this.#id, until).catch(() => undefined);
    }, policy.leaseMs / 3);
    try {
      outcome = await lane.run(job);
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      outcome = { ok: false, retry: true, reason: `${job.kind} failed: ${name}` };
    } finally {
      clearInterval(renew);
    }
    const now = this.#now();
    const next = new Date(now.getTime() + retryDelayMs(job.attempts, policy, this.#options.random));
    let result: JobResult;
    if (outcome.ok) {
      result = { status: 'delivered', ...(outcome.result && { result: outcome.result }) };
    } else if (outcome.retry && next < job.giveUpAt) {
      result = { status: 'retry', runAt: next, reason: outcome.reason };
    } else {
      result = { status: 'dead', reason: outcome.reason };
    }
    const followUp = result.status === 'retry' ? null : (lane.followUp?.(job) ?? null);
    const waiting = !outcome.ok && outcome.waiting === true && lane.follows !== undefined;
    const release = this.#followers.get(lane) ?? [];
    const finished = await finishJob(this.#options.db, job, this.#id, result, now, {
      followUp,
      release,
      ...(waiting && { waitsFor: lane.follows }),
    });
    // Not an enqueue for the pacer to count: a burst of deliveries is not a burst of captures.
    if (finished.dueNow) {
      for (const kind of waiting ? [lane.kind] : release) {
        this.#wakeLanes(kind, job.adapter);
      }
    }
    this.#options.onAttempt?.({
      jobId: job.id,
      kind: job.kind,
      ...(job.adapter !== null && { adapter: job.adapter }),
      attempt: job.attempts,
      outcome: result.status,
      ...(result.status !== 'delivered' && { reason: result.reason }),
      ms: Date.now() - started,
    });
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }
}
