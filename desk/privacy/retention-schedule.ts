import type { Kysely } from 'kysely';
import type { DateTime } from 'luxon';
import type { Retention } from '../config/retention.ts';
import type { NewJob } from '../jobs/job-kinds.ts';
import { enqueue } from '../jobs/job-queue.ts';
import type { JobLane } from '../jobs/job-worker.ts';
import { type PeriodicSchedule, startPeriodicSchedule } from '../jobs/periodic-schedule.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { inZone } from '../time/brokerage-time.ts';
import { type SweepCounts, sweepExpired } from './retention-sweep.ts';

/** What the daily sweep needs: the database, the retention periods, the brokerage's zone. */
export interface RetentionContext {
  db: Kysely<DeskDatabase>;
  retention: Retention;
  timeZone: string;
}

/** The hour of the brokerage's night the sweep runs at, when nobody is working the inbox. */
const SWEEP_HOUR = 3;

/** The sweep of `day` (a day in the brokerage's zone), due at 03:00 that day. */
export function retentionJob(day: DateTime): NewJob {
  const date = day.toISODate() ?? '';
  return {
    kind: 'retention',
    key: `retention:${date}`,
    payload: { date },
    runAt: day.startOf('day').set({ hour: SWEEP_HOUR }).toJSDate(),
  };
}

/**
 * The queue's lane for the sweep: one job a day (its key is the date, so several desks on one
 * PostgreSQL queue it once and one of them runs it), each queuing the next day's when done.
 */
export function retentionLane(
  ctx: RetentionContext,
  now: () => Date,
  onSwept: (counts: SweepCounts) => void = () => undefined,
): JobLane {
  return {
    kind: 'retention',
    async run() {
      onSwept(await sweepExpired(ctx.db, ctx.retention, { now: now() }));
      return { ok: true };
    },
    followUp: () => retentionJob(inZone(now(), ctx.timeZone).plus({ days: 1 })),
  };
}

/** Queues today's sweep (due at 03:00, so at once after it) and works the lane once a minute. */
export function startRetentionSchedule(
  ctx: RetentionContext,
  now: () => Date,
  onSwept: (counts: SweepCounts) => void,
  onError: (error: unknown) => void,
  everyMs = 60_000,
): PeriodicSchedule {
  return startPeriodicSchedule({
    db: ctx.db,
    lane: retentionLane(ctx, now, onSwept),
    queueCurrent: () => enqueue(ctx.db, retentionJob(inZone(now(), ctx.timeZone)), { now: now() }),
    now,
    onError,
    onAttempt: (event) => {
      if (event.outcome !== 'delivered') {
        onError(new Error(event.reason ?? 'retention sweep failed'));
      }
    },
    everyMs,
  });
}
