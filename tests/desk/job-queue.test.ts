// Over 300 lines as one concept: the job queue's rules, each on PGlite and on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrokerage } from '../../desk/config/brokerage.ts';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { storeCapture } from '../../desk/ingest/store-capture.ts';
import { conversationUpdateJob, type NewJob } from '../../desk/jobs/job-kinds.ts';
import {
  type ClaimedJob,
  claimJobs,
  enqueue,
  finishJob,
  type LaneFilter,
} from '../../desk/jobs/job-queue.ts';
import { type JobLane, JobWorker } from '../../desk/jobs/job-worker.ts';
import type { AttemptOutcome } from '../../desk/jobs/retry-policy.ts';
import type { DeskDb } from '../../desk/storage/database.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody, until } from '../helpers/desk-harness.ts';
import { type OlderSchema, olderSchema } from '../helpers/older-schema.ts';

const T0 = new Date('2026-11-30T16:00:00.000Z');
const MINUTE = 60_000;

/** A job of a kind with no side effects of its own here: the lane under test decides. */
function job(key: string, runAt?: Date): NewJob {
  return { kind: 'weekly-report', key, payload: { period: key }, ...(runAt && { runAt }) };
}

/** The job a claim took (a claim that took none fails the test here). */
function taken(claimed: ClaimedJob | undefined): ClaimedJob {
  if (!claimed) {
    throw new Error('the claim took no job');
  }
  return claimed;
}

/** A lane that answers with `outcome` and remembers which keys it ran. */
function lane(outcome: AttemptOutcome, extra: Partial<JobLane> = {}): JobLane & { ran: string[] } {
  const ran: string[] = [];
  const run = async (j: { key: string }) => {
    ran.push(j.key);
    return outcome;
  };
  return { kind: 'weekly-report', run, ran, ...extra };
}

describe.each([pglite(), postgres()])('the job queue on $name', (database: DatabaseUnderTest) => {
  let db: DeskDb;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => database.close());

  const row = (key: string) =>
    db.db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirst();

  it('enqueues inside the caller’s transaction, once per key', async () => {
    await expect(
      db.db.transaction().execute(async (trx) => {
        await enqueue(trx, job('tx-a'), { now: T0 });
        throw new Error('the caller’s write failed');
      }),
    ).rejects.toThrow('the caller’s write failed');
    expect(await row('tx-a')).toBeUndefined();
    expect(await db.db.transaction().execute((trx) => enqueue(trx, job('tx-a'), { now: T0 }))).toBe(
      1,
    );
    expect(await enqueue(db.db, [job('tx-a'), job('tx-b')], { now: T0 })).toBe(1);
    expect((await row('tx-a'))?.status).toBe('pending');
    expect((await row('tx-b'))?.status).toBe('pending');
  });

  it('takes a scheduled job no earlier than its run-at time', async () => {
    await enqueue(db.db, job('later', new Date(T0.getTime() + 60 * MINUTE)), { now: T0 });
    let now = T0;
    const work = lane({ ok: true });
    const worker = new JobWorker({ db: db.db, lanes: [work], now: () => now });
    await worker.runOnce();
    expect(work.ran).not.toContain('later');
    now = new Date(T0.getTime() + 60 * MINUTE);
    await worker.runOnce();
    expect(work.ran).toContain('later');
    expect(await row('later')).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('holds a taken job under its lease, and a worker past its lease cannot record over the next', async () => {
    await enqueue(db.db, job('leased'), { now: new Date(T0.getTime() + 120 * MINUTE) });
    const at = (ms: number) => new Date(T0.getTime() + 120 * MINUTE + ms);
    const take = (workerId: string, ms: number) =>
      claimJobs(
        db.db,
        { kind: 'weekly-report' },
        { workerId, now: at(ms), leaseMs: MINUTE, limit: 10 },
      );
    const [first] = await take('a', 0);
    expect(first?.key).toBe('leased');
    expect(await take('b', MINUTE - 1000)).toEqual([]);
    const [again] = await take('b', MINUTE + 1000);
    expect(again).toMatchObject({ key: 'leased', attempts: 2 });
    expect(
      (await finishJob(db.db, taken(first), 'a', { status: 'delivered' }, at(0))).recorded,
    ).toBe(false);
    expect(
      (await finishJob(db.db, taken(again), 'b', { status: 'delivered' }, at(0))).recorded,
    ).toBe(true);
  });

  it('renews the lease while a try runs longer than it, so no second worker takes the job', async () => {
    const start = new Date(T0.getTime() + 180 * MINUTE);
    let now = start;
    await enqueue(db.db, job('slow-try'), { now });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: JobLane = {
      kind: 'weekly-report',
      policy: { leaseMs: 300 },
      run: async () => {
        await held;
        return { ok: true };
      },
    };
    const worker = new JobWorker({ db: db.db, id: 'slow', lanes: [slow], now: () => now });
    const running = worker.runOnce();
    await until(async () => (await row('slow-try'))?.locked_by === 'slow', 'the claim');
    // Past the first lease: only a renewal keeps the job from the next worker.
    now = new Date(start.getTime() + 1000);
    const renewed = new Date(start.getTime() + 1300);
    await until(
      async () => ((await row('slow-try'))?.locked_until ?? start) >= renewed,
      'the lease to be renewed',
    );
    const other = await claimJobs(
      db.db,
      { kind: 'weekly-report' },
      { workerId: 'other', now, leaseMs: 300, limit: 10 },
    );
    expect(other.map((j) => j.key)).not.toContain('slow-try');
    release();
    await running;
    expect(await row('slow-try')).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('retries by the kind’s policy unless the lane shortens it, and gives up when the kind says', async () => {
    const start = new Date(T0.getTime() + 240 * MINUTE);
    let now = start;
    await enqueue(db.db, [job('slow-retry'), job('quick-retry')], { now });
    const failing: AttemptOutcome = { ok: false, retry: true, reason: 'mail server away' };
    const ofKind = lane(failing, { followUp: () => null });
    await new JobWorker({ db: db.db, lanes: [ofKind], now: () => now }).runOnce();
    for (const key of ['slow-retry', 'quick-retry']) {
      const wait = ((await row(key))?.run_at.getTime() ?? 0) - now.getTime();
      // The weekly report's policy: every 5 to 10 minutes.
      expect(wait).toBeGreaterThanOrEqual(5 * MINUTE);
      expect(wait).toBeLessThanOrEqual(10 * MINUTE);
    }
    await enqueue(db.db, job('drill'), { now });
    const shortened = lane(failing, { policy: { baseMs: 1000, maxMs: 1000 } });
    await new JobWorker({ db: db.db, lanes: [shortened], now: () => now }).runOnce();
    expect(((await row('drill'))?.run_at.getTime() ?? 0) - now.getTime()).toBeLessThanOrEqual(1000);
    now = new Date(start.getTime() + 15 * 24 * 60 * MINUTE);
    await new JobWorker({ db: db.db, lanes: [ofKind], now: () => now }).runOnce();
    expect(await row('slow-retry')).toMatchObject({
      status: 'dead',
      last_error: 'mail server away',
    });
  });

  it('queues a periodic job’s next run in the same write as its outcome', async () => {
    const now = new Date(T0.getTime() + 30 * 24 * 60 * MINUTE);
    await enqueue(db.db, job('week-1'), { now });
    const periodic = lane({ ok: true }, { followUp: (j) => job(`${j.key}-next`) });
    await new JobWorker({ db: db.db, lanes: [periodic], now: () => now }).runOnce();
    expect(await row('week-1')).toMatchObject({ status: 'delivered' });
    expect(await row('week-1-next')).toMatchObject({ status: 'pending', attempts: 0 });
  });

  describe('a job that follows another (a conversation’s update after its alert)', () => {
    const FUB = 'follow-up-boss';
    const lanes = {
      alert: { kind: 'delivery', adapter: FUB },
      update: { kind: 'conversation-update', adapter: FUB },
    } as const;
    /** A stored capture (its alert queued at `now`) and its conversation's update, due at `now`. */
    async function alertAndUpdate(conversationId: string, now: Date) {
      const brokerage = await loadBrokerage('assistant.config.json');
      const stored = await storeCapture(
        { db: db.db, brokerage, adapters: [FUB], now: () => now },
        parseCaptureBody(leadBody({ conversationId, toolCallId: null })),
        'widget',
      );
      await enqueue(
        db.db,
        conversationUpdateJob(conversationId, stored.leadId, stored.captureId, FUB, now),
        { now },
      );
      return stored;
    }
    const take = (filter: LaneFilter, now: Date) =>
      claimJobs(db.db, filter, { workerId: 'w', now, leaseMs: MINUTE, limit: 1 }).then(([j]) =>
        taken(j),
      );
    const runAt = async (id: string) =>
      (
        await db.db
          .selectFrom('jobs')
          .select('run_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).run_at;

    it('is due the moment the job it waits for is delivered, not at its backed-off retry', async () => {
      const t = new Date(T0.getTime() + 40 * 24 * 60 * MINUTE);
      const later = (ms: number) => new Date(t.getTime() + ms);
      const stored = await alertAndUpdate('follows-released', t);
      // Untried, scheduled for later (a website call's update waits for the platform's report):
      // the alert's delivery is not what it waits for.
      await enqueue(
        db.db,
        conversationUpdateJob(
          'follows-report',
          stored.leadId,
          stored.captureId,
          FUB,
          later(MINUTE),
        ),
        { now: t },
      );
      const update = await take(lanes.update, t);
      const waiting = { status: 'retry', runAt: later(60 * MINUTE), reason: 'waiting' } as const;
      expect(await finishJob(db.db, update, 'w', waiting, t, { waitsFor: 'delivery' })).toEqual({
        recorded: true,
        dueNow: false,
      });
      expect(await runAt(update.id)).toEqual(later(60 * MINUTE));
      const alert = await take(lanes.alert, later(1000));
      expect(
        await finishJob(db.db, alert, 'w', { status: 'delivered' }, later(1000), {
          release: ['conversation-update'],
        }),
      ).toEqual({ recorded: true, dueNow: true });
      expect(await runAt(update.id)).toEqual(later(1000));
      expect(await take(lanes.update, later(1000))).toMatchObject({ id: update.id, attempts: 2 });
      const report = await db.db
        .selectFrom('jobs')
        .select(['run_at', 'attempts'])
        .where('key', 'like', 'conversation-update:follows-report:%')
        .executeTakeFirstOrThrow();
      expect(report).toEqual({ run_at: later(MINUTE), attempts: 0 });
    });

    it('is due at once when the job it waits for was delivered while its own try ran', async () => {
      const t = new Date(T0.getTime() + 41 * 24 * 60 * MINUTE);
      const later = (ms: number) => new Date(t.getTime() + ms);
      await alertAndUpdate('follows-meanwhile', t);
      // The update is in hand, and reads its alert as not delivered...
      const update = await take(lanes.update, t);
      // ...which is delivered before the update's outcome is written: too soon to release it.
      const alert = await take(lanes.alert, t);
      expect(
        await finishJob(db.db, alert, 'w', { status: 'delivered' }, later(500), {
          release: ['conversation-update'],
        }),
      ).toEqual({ recorded: true, dueNow: false });
      const waiting = { status: 'retry', runAt: later(60 * MINUTE), reason: 'waiting' } as const;
      expect(
        await finishJob(db.db, update, 'w', waiting, later(1000), { waitsFor: 'delivery' }),
      ).toEqual({ recorded: true, dueNow: true });
      expect(await runAt(update.id)).toEqual(later(1000));
    });
  });
});

describe('migration 0004 on a database with jobs in flight', () => {
  let older: OlderSchema | undefined;
  afterAll(async () => {
    await older?.close();
  });

  it('keeps the pending deliveries and the weekly report’s weeks', async () => {
    older = await olderSchema('0004');
    const { db } = older;
    const capture = '7d4c3f9e-3d0e-4bb7-9a51-2f1c8b8f0c11';
    await sql`insert into people (id) values ('5b0f7a1e-8c2d-4f3e-9a6b-1c2d3e4f5a6b')`.execute(db);
    await sql`insert into captures (id, idempotency_key, kind, source, person_id, captured_at,
      fields, assignment_reason) values (${capture}, 'k-1', 'lead', 'widget',
      '5b0f7a1e-8c2d-4f3e-9a6b-1c2d3e4f5a6b', now(), '{}', 'broker')`.execute(db);
    await sql`insert into deliveries (id, capture_id, adapter, attempts, run_at, last_error,
      give_up_at) values ('0e9b8c7d-6a5f-4e3d-2c1b-0a9f8e7d6c5b', ${capture}, 'email', 2,
      '2026-11-30T16:05:00Z', 'SMTP 421', '2026-12-01T16:00:00Z')`.execute(db);
    await sql`insert into scheduled_jobs (name, period, claimed_by, claimed_at, finished_at) values
      ('weekly-report', '2026-11-16', 'a', '2026-11-23T16:00:00Z', '2026-11-23T16:00:05Z'),
      ('weekly-report', '2026-11-23', 'b', '2026-11-30T16:00:00Z', null)`.execute(db);

    await older.migrateRest();

    const jobs = await db.selectFrom('jobs').selectAll().orderBy('key').execute();
    expect(jobs.map((j) => [j.key, j.status, j.attempts])).toEqual([
      [`delivery:${capture}:email`, 'pending', 2],
      ['weekly-report:2026-11-16', 'delivered', 1],
      ['weekly-report:2026-11-23', 'pending', 1],
    ]);
    expect(jobs[0]).toMatchObject({
      id: '0e9b8c7d-6a5f-4e3d-2c1b-0a9f8e7d6c5b',
      kind: 'delivery',
      capture_id: capture,
      adapter: 'email',
      last_error: 'SMTP 421',
      run_at: new Date('2026-11-30T16:05:00Z'),
      give_up_at: new Date('2026-12-01T16:00:00Z'),
    });
    // The unfinished week is due when its old claim's 10-minute lease would have ended.
    expect(jobs[2]?.run_at).toEqual(new Date('2026-11-30T16:10:00Z'));
    const deliveries = await db.selectFrom('deliveries').selectAll().execute();
    expect(deliveries).toMatchObject([
      { capture_id: capture, adapter: 'email', status: 'pending' },
    ]);
    const weeks = await db.selectFrom('scheduled_jobs').selectAll().orderBy('period').execute();
    expect(weeks.map((w) => [w.period, w.finished_at])).toEqual([
      ['2026-11-16', new Date('2026-11-23T16:00:05Z')],
      ['2026-11-23', null],
    ]);
  });
});
