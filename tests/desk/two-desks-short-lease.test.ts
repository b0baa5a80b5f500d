import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UP_BOSS_TIMEOUT_MS } from '../../desk/delivery/adapters/follow-up-boss.ts';
import { postgres } from '../helpers/desk-databases.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  TEST_ORIGIN,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import { type DeskProcess, startDeskProcess } from '../helpers/desk-process.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';

/**
 * Issue 31 #10, two desks on one PostgreSQL and a CRM slower than the lease asked for. With a
 * 1000 ms lease and a CRM taking 3 s, each desk took the other's jobs again every second, and
 * one lead went to Follow Up Boss 66 times. A lease the adapter's request could outlive is now
 * refused at start; with the shortest lease allowed, each lead reaches the CRM exactly once.
 */

const SLOW = 120_000;
const API_KEY = 'fub-short-lease-key';
/** How long the CRM takes to answer each request: three times the lease asked for. */
const CRM_DELAY_MS = 3_000;
const QUEUED = 20;
const POSTED = 10;

const database = postgres();
let url: string;
let crm: FubStandIn;
let ingest: TestDesk;
let dataDir: string;
const desks: DeskProcess[] = [];

function env(leaseMs: number): Record<string, string> {
  return {
    DATABASE_URL: url,
    DESK_DATA_DIR: dataDir,
    DESK_ALLOWED_ORIGINS: TEST_ORIGIN,
    FUB_API_KEY: API_KEY,
    FUB_BASE_URL: crm.url,
    DESK_DELIVERY_LEASE_MS: String(leaseMs),
    DESK_LOG_LEVEL: 'warn',
  };
}

/** A lead of its own person (its own email and phone), named `Lead<n>`. */
function lead(n: number) {
  return leadBody({
    idempotencyKey: `short-lease-${n}`,
    conversationId: null,
    toolCallId: null,
    fields: {
      name: `Lead${n} Visitor`,
      email: `lead${n}@example.com`,
      phone: `604555${String(2000 + n)}`,
      intent: 'buy',
    },
  });
}

beforeAll(async () => {
  if (!database.freshUrl) {
    throw new Error('the PostgreSQL database under test opens fresh databases by URL');
  }
  url = await database.freshUrl();
  crm = await startFubStandIn({ apiKey: API_KEY });
  crm.delay(CRM_DELAY_MS);
  dataDir = await mkdtemp(join(tmpdir(), 'short-lease-'));
  // A desk that stores leads and sends nothing: the leads wait in the outbox for the two below
  // (a capture gets a job for each adapter its desk has, so this one has Follow Up Boss too).
  ingest = await startTestDesk(
    { DATABASE_URL: url, FUB_API_KEY: API_KEY, FUB_BASE_URL: crm.url },
    { deliver: false, weeklyReport: false, retention: false },
  );
}, SLOW);

afterAll(async () => {
  for (const desk of desks) {
    desk.child.kill('SIGKILL');
  }
  await Promise.all(desks.map((d) => d.exited));
  await crm?.close();
  await ingest?.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}, SLOW);

/** The Follow Up Boss deliveries in the table, by status. */
async function crmJobs(): Promise<{ delivered: number; attempts: number[] }> {
  const rows = await ingest.services.database.db
    .selectFrom('jobs')
    .select(['status', 'attempts'])
    .where('kind', '=', 'delivery')
    .where('adapter', '=', 'follow-up-boss')
    .execute();
  return {
    delivered: rows.filter((r) => r.status === 'delivered').length,
    attempts: rows.map((r) => r.attempts),
  };
}

/** How many requests the CRM took about each lead, by the lead's number. */
function requestsPerLead(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of crm.requests) {
    const name = String((request.body.person as { firstName?: unknown } | undefined)?.firstName);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

describe('two desks on one PostgreSQL, the CRM slower than a 1000 ms lease', () => {
  it('refuse to start with that lease, so none of the waiting leads is sent', async () => {
    for (let n = 1; n <= QUEUED; n += 1) {
      expect((await postJson(`${ingest.url}/leads`, lead(n))).status).toBe(201);
    }
    const starts = await Promise.allSettled([
      startDeskProcess(env(1000)),
      startDeskProcess(env(1000)),
    ]);
    for (const start of starts) {
      if (start.status === 'fulfilled') {
        desks.push(start.value);
      }
    }
    for (const start of starts) {
      expect(start.status).toBe('rejected');
      const reason = start.status === 'rejected' ? String(start.reason) : '';
      expect(reason).toMatch(/exited \(1\)/);
      expect(reason).toMatch(
        new RegExp(
          `DESK_DELIVERY_LEASE_MS \\(1000 ms\\).*follow-up-boss.*${FOLLOW_UP_BOSS_TIMEOUT_MS} ms`,
        ),
      );
    }
    expect(crm.requests).toHaveLength(0);
    expect((await crmJobs()).attempts).toEqual(Array(QUEUED).fill(0));
  });

  it(
    'with the shortest lease allowed, send each lead to the CRM exactly once',
    async () => {
      // The shortest lease the start takes: one millisecond past the CRM request's timeout.
      const started = await Promise.all([
        startDeskProcess(env(FOLLOW_UP_BOSS_TIMEOUT_MS + 1)),
        startDeskProcess(env(FOLLOW_UP_BOSS_TIMEOUT_MS + 1)),
      ]);
      desks.push(...started);
      // More leads while the waiting ones go out, half through each desk.
      for (let n = QUEUED + 1; n <= QUEUED + POSTED; n += 1) {
        const desk = started[n % 2] as DeskProcess;
        expect((await postJson(`${desk.url}/leads`, lead(n))).status).toBe(201);
      }
      const total = QUEUED + POSTED;
      await until(async () => (await crmJobs()).delivered === total, `${total} deliveries`, 60_000);
      const counts = requestsPerLead();
      expect(counts.size).toBe(total);
      expect([...counts.entries()].filter(([, count]) => count !== 1)).toEqual([]);
      expect(crm.events).toHaveLength(total);
      // One try each: no desk took a job another still held.
      expect((await crmJobs()).attempts).toEqual(Array(total).fill(1));
      for (const desk of started) {
        expect(desk.child.exitCode, desk.output()).toBeNull();
      }
    },
    SLOW,
  );
});
