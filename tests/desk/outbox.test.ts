import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Brokerage, loadBrokerage } from '../../desk/config/brokerage.ts';
import { createFollowUpBossAdapter } from '../../desk/delivery/adapters/follow-up-boss.ts';
import { OutboxWorker } from '../../desk/delivery/outbox-worker.ts';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { storeCapture } from '../../desk/ingest/store-capture.ts';
import { retryJob } from '../../desk/jobs/job-queue.ts';
import type { DeskDb } from '../../desk/storage/database.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody } from '../helpers/desk-harness.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';

const API_KEY = 'fub-test-key';
const context = {
  brokerageName: 'Maple Ridge Realty',
  timeZone: 'America/Vancouver',
  publicUrl: 'http://127.0.0.1:8787',
};
let brokerage: Brokerage;
let crm: FubStandIn;

beforeAll(async () => {
  brokerage = await loadBrokerage('assistant.config.json');
  crm = await startFubStandIn({ apiKey: API_KEY });
});
afterAll(() => crm?.close());

/** A clock the test moves by hand, so an hour of retries takes no real hour. */
function manualClock(start = '2026-11-25T19:00:00.000Z') {
  let now = new Date(start);
  return {
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

async function capture(db: DeskDb, now: () => Date, overrides: Record<string, unknown> = {}) {
  return storeCapture(
    { db: db.db, brokerage, adapters: ['follow-up-boss'], now },
    parseCaptureBody(leadBody({ conversationId: null, toolCallId: null, ...overrides })),
    'widget',
  );
}

async function job(db: DeskDb, captureId: string) {
  return db.db
    .selectFrom('deliveries')
    .selectAll()
    .where('capture_id', '=', captureId)
    .executeTakeFirstOrThrow();
}

function worker(db: DeskDb, now: () => Date) {
  return new OutboxWorker({
    db: db.db,
    adapters: [
      createFollowUpBossAdapter(
        { baseUrl: crm.url, apiKey: API_KEY, system: null, systemKey: null },
        context,
      ),
    ],
    now,
    random: () => 0.5,
  });
}

describe.each([pglite(), postgres()])('the outbox on $name', (database: DatabaseUnderTest) => {
  let db: DeskDb;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => database.close());

  it('delivers a capture once the CRM recovers from an hour down, and only once', async () => {
    crm.reset();
    const clock = manualClock();
    const { captureId } = await capture(db, clock.now);
    const w = worker(db, clock.now);
    crm.setDown(true);
    let tries = 0;
    // An hour of the CRM refusing connections, the worker taking every due retry.
    while (tries < 40) {
      tries += await w.runOnce();
      const row = await job(db, captureId);
      if (row.run_at.getTime() - clock.now().getTime() > 60 * 60 * 1000) {
        break;
      }
      clock.advance(Math.max(1000, row.run_at.getTime() - clock.now().getTime()));
      if (clock.now().getTime() - Date.parse('2026-11-25T19:00:00.000Z') > 60 * 60 * 1000) {
        break;
      }
    }
    const waiting = await job(db, captureId);
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts).toBeGreaterThan(3);
    expect(waiting.last_error).toMatch(/^network error/);
    crm.setDown(false);
    clock.advance(waiting.run_at.getTime() - clock.now().getTime());
    expect(await w.runOnce()).toBe(1);
    const done = await job(db, captureId);
    expect(done.status).toBe('delivered');
    expect(crm.events).toHaveLength(1);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await w.runOnce()).toBe(0);
    expect(crm.events).toHaveLength(1);
  });

  it('marks a 400 dead at once with its reason, and a 204 dead as an archived source', async () => {
    crm.reset();
    const clock = manualClock();
    const w = worker(db, clock.now);
    crm.failNext(1, 400);
    const first = await capture(db, clock.now);
    await w.runOnce();
    const dead = await job(db, first.captureId);
    expect(dead).toMatchObject({ status: 'dead', attempts: 1 });
    expect(dead.last_error).toMatch(/^HTTP 400/);
    crm.failNext(1, 204);
    const second = await capture(db, clock.now);
    await w.runOnce();
    const archived = await job(db, second.captureId);
    expect(archived.status).toBe('dead');
    expect(archived.last_error).toMatch(/archived/);
    // `retry ID` sends a dead job again.
    expect(await retryJob(db.db, archived.id, clock.now())).toBe(true);
    await w.runOnce();
    expect((await job(db, second.captureId)).status).toBe('delivered');
  });

  it('retries 429 and 5xx with growing waits, and gives up after about a day with the last reason', async () => {
    crm.reset();
    const clock = manualClock();
    const w = worker(db, clock.now);
    const { captureId } = await capture(db, clock.now);
    crm.failNext(1000, 503);
    const waits: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      await w.runOnce();
      const row = await job(db, captureId);
      if (row.status !== 'pending') {
        break;
      }
      waits.push(row.run_at.getTime() - clock.now().getTime());
      clock.advance(row.run_at.getTime() - clock.now().getTime());
    }
    const row = await job(db, captureId);
    expect(row.status).toBe('dead');
    expect(row.last_error).toMatch(/^HTTP 503/);
    expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
    const elapsed = clock.now().getTime() - Date.parse('2026-11-25T19:00:00.000Z');
    expect(elapsed).toBeGreaterThan(20 * 60 * 60 * 1000);
    expect(elapsed).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('writes a capture and its jobs in one transaction: a failing job insert leaves no row at all', async () => {
    const before = await db.db
      .selectFrom('captures')
      .select(db.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const people = await db.db
      .selectFrom('people')
      .select(db.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // The disk-full case: Postgres refuses the write with SQLSTATE 53100 midway.
    const { sql } = await import('kysely');
    await sql`create or replace function refuse_delivery() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file' using errcode = '53100'; end $$`.execute(db.db);
    await sql`create trigger refuse_delivery before insert on jobs for each row execute function refuse_delivery()`.execute(
      db.db,
    );
    try {
      await expect(
        capture(db, () => new Date(), { fields: { name: 'Disk Full', phone: '6045557777' } }),
      ).rejects.toMatchObject({ code: '53100' });
    } finally {
      await sql`drop trigger refuse_delivery on jobs`.execute(db.db);
    }
    const after = await db.db
      .selectFrom('captures')
      .select(db.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const peopleAfter = await db.db
      .selectFrom('people')
      .select(db.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(peopleAfter.n)).toBe(Number(people.n));
  });
});

describe('two desk processes on one PostgreSQL', () => {
  const database = postgres();
  afterAll(() => database.close());

  it('never deliver the same job twice', async () => {
    crm.reset();
    crm.delay(5);
    const first = await database.open();
    const url = await database.freshUrl?.();
    expect(url).toBeDefined();
    // Two pools on one database, as two processes would have.
    const { openDatabase } = await import('../../desk/storage/database.ts');
    const a = await openDatabase({ kind: 'postgres', url: url as string });
    const b = await openDatabase({ kind: 'postgres', url: url as string });
    try {
      const now = () => new Date();
      for (let i = 0; i < 120; i += 1) {
        await capture(a, now, {
          fields: { name: `Buyer ${i}`, phone: `60455${String(10000 + i)}` },
        });
      }
      const wa = worker(a, now);
      const wb = worker(b, now);
      const run = async (w: OutboxWorker) => {
        let taken = 0;
        for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) {
          taken += n;
        }
        return taken;
      };
      const [ta, tb] = await Promise.all([run(wa), run(wb)]);
      expect(ta + tb).toBe(120);
      expect(ta).toBeGreaterThan(0);
      expect(tb).toBeGreaterThan(0);
      expect(crm.events).toHaveLength(120);
      const names = crm.events.map(
        (e) =>
          JSON.stringify((e.body.person as { firstName?: string })?.firstName) +
          JSON.stringify((e.body.person as { lastName?: string })?.lastName),
      );
      expect(new Set(names).size).toBe(120);
    } finally {
      crm.delay(0);
      await a.close();
      await b.close();
      await first.close();
    }
  });
});
