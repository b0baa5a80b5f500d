import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import { type AttemptEvent, type JobLane, JobWorker } from './job-worker.ts';

/** A running periodic job's worker; `stop` waits for a run in hand. */
export interface PeriodicSchedule {
  stop(): Promise<void>;
}

/** What a periodic job's schedule is made of. */
export interface PeriodicOptions {
  db: Kysely<DeskDatabase>;
  /** The lane; its `followUp` queues the next run, so the first is queued once, at start. */
  lane: JobLane;
  /** Queues the current period's job (its key is the period: several desks queue it once). */
  queueCurrent(): Promise<unknown>;
  now: () => Date;
  onError: (error: unknown) => void;
  onAttempt?: (event: AttemptEvent) => void;
  /** How often the lane looks for a due job, and how soon a failed queueing tries again. */
  everyMs?: number;
}

/**
 * Runs a periodic job (the weekly report, the daily retention sweep) in its own worker: queues
 * the current period's job a few seconds after start (tried again while the database is away),
 * then works the lane, looking once a minute.
 */
export function startPeriodicSchedule(options: PeriodicOptions): PeriodicSchedule {
  const everyMs = options.everyMs ?? 60_000;
  const worker = new JobWorker({
    db: options.db,
    id: `${options.lane.kind}-${randomUUID()}`,
    lanes: [options.lane],
    pollMs: everyMs,
    now: options.now,
    ...(options.onAttempt && { onAttempt: options.onAttempt }),
  });
  let stopped = false;
  let scheduling: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    scheduling = options.queueCurrent().then(
      () => {
        if (!stopped) {
          worker.start();
        }
      },
      (error: unknown) => {
        options.onError(error);
        if (!stopped) {
          timer = setTimeout(schedule, everyMs);
          timer.unref();
        }
      },
    );
  };
  timer = setTimeout(schedule, Math.min(everyMs, 5_000));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await scheduling;
      await worker.stop();
    },
  };
}
