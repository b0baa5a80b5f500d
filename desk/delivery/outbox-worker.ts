import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import type { DeliveryAdapter } from './adapter.ts';
import { loadLeadRecords } from './lead-record.ts';
import { type AttemptOutcome, DELIVERY_GIVE_UP_MS, retryDelayMs } from './retry-policy.ts';

/** How the worker is built; clocks and randomness are injectable for tests. */
export interface OutboxWorkerOptions {
  db: Kysely<DeskDatabase>;
  adapters: readonly DeliveryAdapter[];
  /** A job taken but not finished within this long is taken again (a crashed worker's). */
  leaseMs?: number;
  /** How often the table is checked when nothing wakes the worker. */
  pollMs?: number;
  /** Jobs taken at once. */
  batchSize?: number;
  now?: () => Date;
  random?: () => number;
  /** Reports each finished try, with no personal data. */
  onAttempt?: (event: AttemptEvent) => void;
}

/** One try's record for the log. */
export interface AttemptEvent {
  jobId: string;
  adapter: string;
  attempt: number;
  outcome: 'delivered' | 'retry' | 'dead';
  reason?: string;
  ms: number;
}

/** A job as the worker takes it. */
interface ClaimedJob {
  id: string;
  capture_id: string;
  adapter: string;
  attempts: number;
  give_up_at: Date;
}

export const DEFAULT_LEASE_MS = 60_000;

/**
 * Works the outbox (docs/desk.md#delivery): takes due jobs with `FOR UPDATE SKIP LOCKED`, so any
 * number of desk processes share the table and none takes a job another holds; marks each taken
 * job with a lease, so a job whose worker died is taken again once the lease runs out; then
 * delivers, and records delivered, a retry at a backed-off time, or dead with the reason.
 * At least once: a crash after the adapter succeeded but before the row was updated delivers
 * again, which is why every adapter sends a stable id (webhook-id, Message-ID).
 */
export class OutboxWorker {
  readonly #options: OutboxWorkerOptions;
  readonly #adapters: Map<string, DeliveryAdapter>;
  readonly #id = `worker-${randomUUID()}`;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(options: OutboxWorkerOptions) {
    this.#options = options;
    this.#adapters = new Map(options.adapters.map((a) => [a.name, a]));
  }

  /** Starts polling; {@link wake} makes it look at once (after a capture was stored). */
  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Looks for due jobs now (coalesced with a run in progress). */
  wake(): void {
    if (this.#stopped) {
      return;
    }
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = null;
      if (this.#stopped) {
        return;
      }
      if (this.#again) {
        this.#again = false;
        this.wake();
        return;
      }
      this.#timer = setTimeout(() => this.wake(), this.#options.pollMs ?? 1000);
      this.#timer.unref?.();
    });
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    await this.#running;
  }

  /**
   * Gives back the leases this worker still holds (a stop whose deadline passed mid-delivery),
   * so another desk, or this one restarted, takes those jobs at once instead of after the lease.
   * An attempt that finishes after this no longer holds its row, and records nothing.
   */
  async releaseLeases(): Promise<void> {
    await this.#options.db
      .updateTable('deliveries')
      .set({ locked_until: null, locked_by: null })
      .where('locked_by', '=', this.#id)
      .where('status', '=', 'pending')
      .execute();
  }

  async #loop(): Promise<void> {
    try {
      while ((await this.runOnce()) > 0 && !this.#stopped) {
        // Keep going while there is due work.
      }
    } catch {
      // The database is unreachable or busy: the next poll tries again.
    }
  }

  /** Takes one batch of due jobs and delivers them; resolves how many were taken. */
  async runOnce(): Promise<number> {
    const jobs = await this.#claim();
    await Promise.all(jobs.map((job) => this.#work(job)));
    return jobs.length;
  }

  async #claim(): Promise<ClaimedJob[]> {
    const { db } = this.#options;
    const now = this.#now();
    const lease = new Date(now.getTime() + (this.#options.leaseMs ?? DEFAULT_LEASE_MS));
    const names = [...this.#adapters.keys()];
    if (names.length === 0) {
      return [];
    }
    const due = db
      .selectFrom('deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where('adapter', 'in', names)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('run_at')
      .limit(this.#options.batchSize ?? 10)
      .forUpdate()
      .skipLocked();
    return db
      .updateTable('deliveries')
      .set({
        locked_until: lease,
        locked_by: this.#id,
        attempts: sql<number>`attempts + 1`,
        updated_at: now,
      })
      .where('id', 'in', due)
      .returning(['id', 'capture_id', 'adapter', 'attempts', 'give_up_at'])
      .execute();
  }

  async #work(job: ClaimedJob): Promise<void> {
    const started = Date.now();
    const outcome = await this.#attempt(job);
    const { db } = this.#options;
    const now = this.#now();
    const next = new Date(now.getTime() + retryDelayMs(job.attempts, this.#options.random));
    let result: AttemptEvent['outcome'];
    if (outcome.ok) {
      result = 'delivered';
    } else {
      result = outcome.retry && next < job.give_up_at ? 'retry' : 'dead';
    }
    const reason = outcome.ok ? undefined : outcome.reason;
    // Only the lease holder may record the outcome: a worker that lost its lease (paused past
    // it) leaves the row to whoever took it since.
    await db
      .updateTable('deliveries')
      .set({
        status: result === 'retry' ? 'pending' : result,
        locked_until: null,
        locked_by: null,
        updated_at: now,
        ...(result === 'delivered' && { delivered_at: now, last_error: null }),
        ...(reason !== undefined && { last_error: reason }),
        ...(result === 'retry' && { run_at: next }),
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.#id)
      .execute();
    this.#options.onAttempt?.({
      jobId: job.id,
      adapter: job.adapter,
      attempt: job.attempts,
      outcome: result,
      ...(reason !== undefined && { reason }),
      ms: Date.now() - started,
    });
  }

  async #attempt(job: ClaimedJob): Promise<AttemptOutcome> {
    const adapter = this.#adapters.get(job.adapter);
    if (!adapter) {
      return { ok: false, retry: true, reason: `adapter ${job.adapter} is not enabled here` };
    }
    try {
      const [lead] = await loadLeadRecords(this.#options.db, { ids: [job.capture_id] });
      if (!lead) {
        return { ok: false, retry: false, reason: 'the capture no longer exists' };
      }
      return await adapter.deliver(lead, { jobId: job.id, attempt: job.attempts });
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      return { ok: false, retry: true, reason: `adapter failed: ${name}` };
    }
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }
}

/**
 * Puts a job back in the queue now, whatever its state (`npm run desk -- retry ID`, the inbox's
 * Retry), with a fresh day of retries. Resolves false for an unknown id.
 */
export async function retryDelivery(
  db: Kysely<DeskDatabase>,
  id: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({
      status: 'pending',
      run_at: now,
      locked_until: null,
      locked_by: null,
      give_up_at: new Date(now.getTime() + DELIVERY_GIVE_UP_MS),
      updated_at: now,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
