// Over 300 lines as one concept: the only writer of the `jobs` table, so every rule of a job's
// life (its key, its lease, its result and what waits for it, its give-up time) is read here.
import { randomUUID } from 'node:crypto';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { json } from '../storage/database.ts';
import type { DeskDatabase, JobStatus } from '../storage/schema.ts';
import { type SideInsert, withSides } from '../storage/side-inserts.ts';
import { type JobKind, type NewJob, RETRY_POLICIES } from './job-kinds.ts';

/**
 * The one queue (docs/desk.md#jobs). This module is the only writer of the `jobs` table: every
 * insert, claim, outcome and manual retry is one of the functions below, so the rules of a job's
 * life (dedupe by key, lease, give-up time) live in one place. Readers (the inbox, the CLI, the
 * export) read the `deliveries` view.
 */

/** A database or the caller's transaction (a `Transaction` is a `Kysely`). */
type Db = Kysely<DeskDatabase>;

/** A job as a worker holds it, under its lease. */
export interface ClaimedJob {
  id: string;
  kind: JobKind;
  key: string;
  captureId: string | null;
  adapter: string | null;
  payload: Record<string, unknown>;
  /** This try's number: 1 for the first. */
  attempts: number;
  giveUpAt: Date;
}

/** Which jobs a worker's lane takes: one kind, and for deliveries one adapter. */
export interface LaneFilter {
  kind: JobKind;
  adapter?: string;
}

/** What a try came to, as the queue records it. */
export type JobResult =
  | { status: 'delivered'; result?: Record<string, unknown> }
  | { status: 'retry'; runAt: Date; reason: string }
  | { status: 'dead'; reason: string };

/**
 * Adds jobs inside the caller's transaction, so they exist exactly when the caller's rows do.
 * A job whose key is already in the table is skipped (dedupe). `alongside`, inserts of the
 * caller's, run in the same statement, which saves round trips on the capture's hot path.
 * Resolves how many jobs were added.
 */
export async function enqueue(
  db: Db,
  jobs: NewJob | readonly NewJob[],
  options: { now?: Date; alongside?: readonly SideInsert[] } = {},
): Promise<number> {
  const list: readonly NewJob[] = Array.isArray(jobs) ? jobs : [jobs as NewJob];
  const now = options.now ?? new Date();
  const alongside = options.alongside ?? [];
  if (list.length === 0) {
    // No statement of the queue's to carry them: each goes on its own.
    for (const side of alongside) {
      await side.execute();
    }
    return 0;
  }
  const rows = list.map((job) => ({
    id: randomUUID(),
    kind: job.kind,
    key: job.key,
    capture_id: job.captureId ?? null,
    adapter: job.adapter ?? null,
    payload: json(job.payload ?? {}),
    run_at: job.runAt ?? now,
    give_up_at: new Date(now.getTime() + RETRY_POLICIES[job.kind].giveUpMs),
  }));
  const result = await withSides(db, alongside)
    .insertInto('jobs')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Takes up to `limit` due jobs of one lane with `FOR UPDATE SKIP LOCKED`, so any number of desk
 * processes share the table and none takes a job another holds, and marks each with a lease
 * for `workerId`: a job whose worker died is taken again once the lease runs out.
 */
export async function claimJobs(
  db: Db,
  lane: LaneFilter,
  options: { workerId: string; now: Date; leaseMs: number; limit: number },
): Promise<ClaimedJob[]> {
  const { now } = options;
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .where('kind', '=', lane.kind)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
  if (lane.adapter !== undefined) {
    due = due.where('adapter', '=', lane.adapter);
  }
  const rows = await db
    .updateTable('jobs')
    .set({
      locked_until: new Date(now.getTime() + options.leaseMs),
      locked_by: options.workerId,
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    })
    .where('id', 'in', due.orderBy('run_at').limit(options.limit).forUpdate().skipLocked())
    .returning(['id', 'kind', 'key', 'capture_id', 'adapter', 'payload', 'attempts', 'give_up_at'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as JobKind,
    key: r.key,
    captureId: r.capture_id,
    adapter: r.adapter,
    payload: r.payload,
    attempts: r.attempts,
    giveUpAt: r.give_up_at,
  }));
}

/** What else {@link finishJob} does with a try's result. */
export interface FinishOptions {
  /** A periodic job's next run, enqueued in the same transaction. */
  followUp?: NewJob | null;
  /**
   * The kinds of job that follow this one on its capture and adapter (a conversation's update
   * follows its alert). Once this one is delivered, those that were tried and wait for it are
   * due at once, in the same statement, instead of at their backed-off retry.
   */
  release?: readonly JobKind[];
  /**
   * The kind of job this one follows, for a retry because that one is not delivered yet: if it
   * was delivered while this try ran (too late to release this job, which was in hand), the
   * retry is due at once. Together with `release`, no wait outlasts the job it waits for.
   */
  waitsFor?: JobKind;
}

/** What {@link finishJob} recorded. */
export interface FinishedJob {
  /** False when the worker no longer held the lease: the row was left to its new holder. */
  recorded: boolean;
  /** Jobs are due now that were not (released, or a retry whose wait is over): look for them. */
  dueNow: boolean;
}

/**
 * Records a try's result, and enqueues `followUp` (a periodic job's next run) in the same
 * transaction. Only the lease holder may: a worker that lost its lease (paused past it) leaves
 * the row to whoever took it since.
 */
export async function finishJob(
  db: Db,
  job: Pick<ClaimedJob, 'id' | 'captureId' | 'adapter'>,
  workerId: string,
  result: JobResult,
  now: Date,
  options: FinishOptions = {},
): Promise<FinishedJob> {
  const { followUp = null, release = [], waitsFor } = options;
  // The job it waits for, on the same capture and adapter (`jobs_capture` finds it).
  const waitedFor =
    result.status === 'retry' && waitsFor !== undefined && job.captureId !== null
      ? sql<boolean>`exists (select 1 from jobs w where w.capture_id = ${job.captureId}
          and w.kind = ${waitsFor} and w.adapter is not distinct from ${job.adapter}
          and w.status = 'delivered')`
      : null;
  const finish = (trx: Db) =>
    trx
      .updateTable('jobs')
      .set({
        status: result.status === 'retry' ? 'pending' : result.status,
        locked_until: null,
        locked_by: null,
        updated_at: now,
        ...(result.status === 'delivered' && {
          finished_at: now,
          last_error: null,
          ...(result.result && { result: json(result.result) }),
        }),
        ...(result.status !== 'delivered' && { last_error: result.reason }),
        ...(result.status === 'retry' && {
          run_at:
            waitedFor === null
              ? result.runAt
              : sql<Date>`case when ${waitedFor} then ${now}::timestamptz
                  else ${result.runAt}::timestamptz end`,
        }),
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId);
  const releases = result.status === 'delivered' && release.length > 0 && job.captureId !== null;
  const record = async (trx: Db): Promise<FinishedJob> => {
    let recorded: boolean;
    let dueNow = false;
    if (releases) {
      // One statement: the result, and the jobs that waited for it (tried, and not due yet).
      const row = await trx
        .with('finished', () => finish(trx).returning('id'))
        .with('released', (q) =>
          q
            .updateTable('jobs')
            .set({ run_at: now, updated_at: now })
            .where('capture_id', '=', job.captureId)
            .where('kind', 'in', release)
            .where(sql<boolean>`adapter is not distinct from ${job.adapter}`)
            .where('status', '=', 'pending')
            .where('attempts', '>', 0)
            .where('run_at', '>', now)
            .where(sql<boolean>`exists (select 1 from finished)`)
            .returning('id'),
        )
        .selectNoFrom([
          sql<number>`(select count(*) from finished)::int`.as('recorded'),
          sql<number>`(select count(*) from released)::int`.as('released'),
        ])
        .executeTakeFirstOrThrow();
      recorded = row.recorded > 0;
      dueNow = row.released > 0;
    } else if (waitedFor !== null) {
      const row = await finish(trx).returning('run_at').executeTakeFirst();
      recorded = row !== undefined;
      dueNow = row !== undefined && row.run_at.getTime() <= now.getTime();
    } else {
      recorded = Number((await finish(trx).executeTakeFirst()).numUpdatedRows) > 0;
    }
    if (recorded && followUp) {
      await enqueue(trx, followUp, { now });
    }
    return { recorded, dueNow };
  };
  return followUp ? db.transaction().execute(record) : record(db);
}

/**
 * Extends a running job's lease, while its worker still holds it: a try that runs longer than
 * the lease (a slow SMTP exchange) is not taken by a second worker meanwhile.
 */
export async function renewLease(
  db: Db,
  job: Pick<ClaimedJob, 'id'>,
  workerId: string,
  until: Date,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: until })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Gives back the leases a worker still holds (a stop whose deadline passed mid-try), so another
 * desk, or this one restarted, takes those jobs at once instead of after the lease. A try that
 * finishes after this no longer holds its row, and records nothing ({@link finishJob}).
 */
export async function releaseLeases(db: Db, workerId: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: null, locked_by: null })
    .where('locked_by', '=', workerId)
    .where('status', '=', 'pending')
    .execute();
}

/** A job being tried right now (its lease is live): retrying it would send it twice. */
export class JobInFlightError extends Error {
  override readonly name = 'JobInFlightError';
  readonly code = 'job-in-flight';
  constructor(readonly jobId: string) {
    super(`job ${jobId} is being tried now`);
  }
}

/**
 * Puts a job back in the queue now (`npm run desk -- retry ID`, the inbox's Retry), with a fresh
 * give-up time from its kind's policy. Resolves false for an unknown id; throws
 * {@link JobInFlightError} while a worker holds the job's live lease, checked in the same
 * statement as the change, so a retry can never race a try into a second send.
 */
export async function retryJob(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const job = await db.selectFrom('jobs').select('kind').where('id', '=', id).executeTakeFirst();
  if (!job) {
    return false;
  }
  const policy = RETRY_POLICIES[job.kind as JobKind] ?? RETRY_POLICIES.delivery;
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'pending',
      run_at: now,
      locked_until: null,
      locked_by: null,
      give_up_at: new Date(now.getTime() + policy.giveUpMs),
      updated_at: now,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '<>', 'pending'),
        eb('locked_until', 'is', null),
        eb('locked_until', '<=', now),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new JobInFlightError(id);
  }
  return true;
}

/**
 * Makes the untried jobs of these captures due now (their conversation ended, so they need not
 * wait for it any longer). Runs in the caller's transaction.
 */
export async function startWaitingJobs(
  db: Db,
  captureIds: SelectQueryBuilder<DeskDatabase, 'captures', { id: string }>,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('status', '=', 'pending')
    .where('run_at', '>', sql<Date>`now()`)
    .where('attempts', '=', 0)
    .where('capture_id', 'in', captureIds)
    .execute();
}

/**
 * Drops every job about these captures or leads (a capture's deliveries, a lead's timers and
 * updates, which name it in their payload), whatever its state: a person's erasure, after which
 * nothing about them may be sent. In the caller's transaction; resolves the states they were in.
 */
export async function dropJobsOf(
  trx: Db,
  about: { captureIds: readonly string[]; leadIds: readonly string[] },
): Promise<{ status: JobStatus }[]> {
  const { captureIds, leadIds } = about;
  if (captureIds.length === 0 && leadIds.length === 0) {
    return [];
  }
  return trx
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        ...(captureIds.length === 0 ? [] : [eb('capture_id', 'in', captureIds)]),
        ...(leadIds.length === 0 ? [] : [eb(sql<string>`payload ->> 'leadId'`, 'in', leadIds)]),
      ]),
    )
    .returning(['status'])
    .execute();
}
