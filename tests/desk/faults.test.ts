import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../desk/storage/database.ts';
import { TZDATA_VERSION } from '../../desk/time/tz-zone.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  TEST_ORIGIN,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import { startDeskProcess } from '../helpers/desk-process.ts';
import { refuseCaptureWrites } from '../helpers/disk-full.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';
import { type PostgresServer, startPostgresServer } from '../helpers/postgres-server.ts';

const API_KEY = 'fub-fault-key';
let crm: FubStandIn;

beforeAll(async () => {
  crm = await startFubStandIn({ apiKey: API_KEY });
});
afterAll(() => crm?.close());

describe('the desk killed in the middle of a delivery', () => {
  // Two cold starts of a desk process (tsx, then PGlite opening its files) are this test's
  // whole cost: on a loaded 2-core machine each can take tens of seconds, hence its budget.
  it('delivers the job after a restart, once its lease has run out', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'desk-kill-'));
    const env = {
      DESK_DATA_DIR: dataDir,
      DESK_ALLOWED_ORIGINS: TEST_ORIGIN,
      FUB_API_KEY: API_KEY,
      FUB_BASE_URL: crm.url,
      // Just past the CRM request's 15 s timeout: a shorter lease is refused at start.
      DESK_DELIVERY_LEASE_MS: '16000',
    };
    try {
      crm.reset();
      // The CRM holds its answer, so the desk is mid-delivery when it is killed.
      crm.delay(60_000);
      const first = await startDeskProcess(env);
      const posted = await postJson(
        `${first.url}/leads`,
        leadBody({ conversationId: null, toolCallId: null }),
      );
      expect(posted.status).toBe(201);
      await until(() => crm.requests.length > 0, 'the CRM to receive the delivery', 120_000);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(crm.events.length).toBeLessThanOrEqual(1);
      crm.delay(0);
      const received = crm.requests.length;
      const second = await startDeskProcess(env);
      try {
        await until(() => crm.requests.length > received, 'the restarted desk to deliver', 120_000);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      const db = await openDatabase({ kind: 'embedded', dataDir: join(dataDir, 'db') });
      try {
        const jobs = await db.db
          .selectFrom('deliveries')
          .selectAll()
          .where('adapter', '=', 'follow-up-boss')
          .execute();
        // One job, taken twice: the killed try, then the one after the lease ran out.
        expect(jobs).toHaveLength(1);
        expect(jobs[0]).toMatchObject({ status: 'delivered', attempts: 2 });
      } finally {
        await db.close();
      }
    } finally {
      crm.delay(0);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the database unreachable at POST /leads', () => {
  let server: PostgresServer;
  let desk: TestDesk;
  beforeAll(async () => {
    server = await startPostgresServer();
    desk = await startTestDesk({ DATABASE_URL: server.url }, { deliver: false });
  });
  afterAll(async () => {
    await desk?.close().catch(() => undefined);
    await server?.stop();
  });

  it('answers 503, so the widget keeps the lead and retries', async () => {
    {
      const healthy = await fetch(`${desk.url}/health`);
      expect(await healthy.json()).toEqual({
        ok: true,
        database: 'postgres',
        tzdata: TZDATA_VERSION,
      });
      await server.stop();
      const res = await postJson(`${desk.url}/leads`, leadBody());
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe('database-unavailable');
      expect((await fetch(`${desk.url}/health`)).status).toBe(503);
    }
  });
});

describe('the disk full while a lead is stored', () => {
  let desk: TestDesk;
  beforeAll(async () => {
    desk = await startTestDesk({}, { deliver: false });
  });
  afterAll(() => desk?.close());

  it('answers 503, logs the condition without personal data, and leaves no partial row', async () => {
    const { db } = desk.services.database;
    {
      await refuseCaptureWrites(db);
      const res = await postJson(
        `${desk.url}/leads`,
        leadBody({ fields: { name: 'Dora Full', phone: '6045551111' } }),
      );
      expect(res.status).toBe(503);
      const people = await db.selectFrom('people').select('id').execute();
      expect(people).toHaveLength(0);
      const logged = desk.logLines.find((l) => l.msg === 'lead not stored');
      expect(logged).toMatchObject({ code: '53100' });
      expect(JSON.stringify(desk.logLines)).not.toMatch(/Dora|6045551111/);
    }
  });
});
