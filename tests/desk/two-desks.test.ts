import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../desk/storage/database.ts';
import { until } from '../helpers/desk-harness.ts';
import { type DeskProcess, startDeskProcess } from '../helpers/desk-process.ts';
import { startTestServer, type TestServer } from '../helpers/http-server.ts';
import { type PostgresServer, startPostgresServer } from '../helpers/postgres-server.ts';

// Two desks on one PostgreSQL behave as one (issue 28 §3): 500 pending deliveries are each made,
// the weekly report that is due goes out once, and when one desk is killed mid-work the other
// finishes, taking the jobs the dead one held once their lease ends.

const SLOW = 240_000;
const JOBS = 500;
/** The webhook's request timeout is 15 s; a lease must outlast it (desk/delivery/outbox-worker.ts). */
const LEASE_MS = 16_000;

let server: PostgresServer;
let url: string;
let receiver: TestServer;
let mailDir: string;
const desks: DeskProcess[] = [];

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startPostgresServer();
  url = server.url;
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query('create database two_desks');
  await admin.end();
  url = url.replace(/\/postgres$/, '/two_desks');
  // Migrated once here, so the desks start on a ready schema.
  const db = await openDatabase({ kind: 'postgres', url });
  await db.close();
  await query(
    `insert into users (id, email, name, role, password_hash)
     values (gen_random_uuid(), 'maya@maple-ridge.example', 'Maya Chen', 'broker', 'scrypt$x')`,
  );
  receiver = await startTestServer();
  // Each answer takes a while, so the work spreads over both desks and the kill lands mid-way.
  receiver.handle(() => ({ status: 204, delayMs: 300 }));
  mailDir = await mkdtemp(join(tmpdir(), 'two-desks-'));
  const env = {
    DATABASE_URL: url,
    DESK_DATA_DIR: mailDir,
    DESK_WEBHOOK_URL: receiver.url,
    DESK_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
    DESK_DELIVERY_LEASE_MS: String(LEASE_MS),
    DESK_LOG_LEVEL: 'warn',
  };
  desks.push(...(await Promise.all([startDeskProcess(env), startDeskProcess(env)])));
}, SLOW);

afterAll(async () => {
  for (const desk of desks) {
    desk.child.kill('SIGKILL');
  }
  await Promise.all(desks.map((d) => d.exited));
  await receiver?.close();
  await server?.stop();
  await rm(mailDir, { recursive: true, force: true });
}, SLOW);

/** Webhook ids received so far, repeats included. */
function received(): string[] {
  return receiver.requests.map((r) => String(r.headers['webhook-id'] ?? ''));
}

describe('two desks on one PostgreSQL', () => {
  it(
    'make each of 500 deliveries, send the weekly report once, and survive a SIGKILL',
    async () => {
      // The report of last week is due (it is past Monday 08:00); one desk takes it.
      await until(
        async () =>
          (
            await query<{ n: number }>(
              `select count(*)::int as n from jobs where kind = 'weekly-report' and status = 'delivered'`,
            )
          )[0]?.n === 1,
        'the weekly report was sent',
        60_000,
      );
      // 500 captures whose webhook delivery is due, put in once the report is out, so
      // the kill below always lands mid-way through them.
      await query(`
      insert into people (id, name, email, email_key)
        select md5('p' || i)::uuid, 'Visitor', 'v' || i || '@example.com', 'v' || i || '@example.com'
        from generate_series(1, ${JOBS}) i;
      insert into leads (id, person_id, assignment_reason)
        select md5('l' || i)::uuid, md5('p' || i)::uuid, 'test' from generate_series(1, ${JOBS}) i;
      insert into captures (id, idempotency_key, kind, source, person_id, lead_id, captured_at,
          fields, assignment_reason)
        select md5('c' || i)::uuid, 'key-' || i, 'lead', 'widget', md5('p' || i)::uuid,
          md5('l' || i)::uuid, now(), '{"name": "Visitor", "intent": "buy"}', 'test'
        from generate_series(1, ${JOBS}) i;
      insert into jobs (id, kind, key, capture_id, adapter, give_up_at)
        select gen_random_uuid(), 'delivery', 'delivery:' || md5('c' || i)::uuid || ':webhook',
          md5('c' || i)::uuid, 'webhook', now() + interval '1 day'
        from generate_series(1, ${JOBS}) i;
    `);
      await until(() => received().length >= 100, 'a hundred deliveries made', 60_000);
      const [killed, survivor] = desks as [DeskProcess, DeskProcess];
      killed.child.kill('SIGKILL');
      expect(await killed.exited).toBeNull();
      const atKill = received().length;
      await until(
        async () =>
          (
            await query<{ n: number }>(
              `select count(*)::int as n from jobs where kind = 'delivery' and status = 'delivered'`,
            )
          )[0]?.n === JOBS,
        `all ${JOBS} deliveries recorded`,
        90_000,
      );
      const ids = received();
      expect(new Set(ids).size).toBe(JOBS);
      // The survivor carried on after the kill.
      expect(ids.length).toBeGreaterThan(atKill);
      // Only a try the killed desk had in hand (its lane takes 10 at once) may have gone twice.
      expect(ids.length - JOBS).toBeLessThanOrEqual(10);
      expect(survivor.child.exitCode).toBeNull();
      const reports = (await readdir(join(mailDir, 'mail'))).filter((f) =>
        f.includes('weekly-report'),
      );
      expect(reports).toHaveLength(1);
      const weekly = await query<{ n: number }>(
        `select count(*)::int as n from jobs where kind = 'weekly-report' and attempts > 0`,
      );
      expect(weekly[0]?.n).toBe(1);
    },
    SLOW,
  );
});
