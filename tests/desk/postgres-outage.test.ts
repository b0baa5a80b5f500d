import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, postJson, TEST_ORIGIN, until } from '../helpers/desk-harness.ts';
import { type DeskProcess, startDeskProcess } from '../helpers/desk-process.ts';
import { type PostgresServer, startPostgresServer } from '../helpers/postgres-server.ts';

// The desk runs as its own process, as an operator runs it: a crash is its exit, not an error
// in the test's process. Its cold start and PostgreSQL's stop and start on a loaded two-core
// machine take tens of seconds.
const SLOW = 240_000;

/** A lead the desk has not seen: a new idempotency key, no call to match it to. */
const newLead = () => leadBody({ conversationId: null, toolCallId: null });

/** Sends leads one after another, a few at a time, until stopped; keeps every answer. */
function traffic(url: string) {
  const statuses: number[] = [];
  const failures: string[] = [];
  let running = true;
  const sender = async () => {
    while (running) {
      try {
        const res = await postJson(`${url}/leads`, newLead());
        statuses.push(res.status);
        await res.body?.cancel();
      } catch (error) {
        failures.push((error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const senders = Promise.all([sender(), sender(), sender()]);
  return {
    statuses,
    failures,
    async stop() {
      running = false;
      await senders;
    },
  };
}

describe('PostgreSQL stopped and started again under traffic', () => {
  let server: PostgresServer;
  let dataDir: string;
  let desk: DeskProcess | undefined;
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    server = await startPostgresServer();
    dataDir = await mkdtemp(join(tmpdir(), 'desk-outage-'));
  }, SLOW);

  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    // Killed, not stopped: a failed run may leave requests the desk would wait for.
    if (desk && desk.child.exitCode === null) {
      desk.child.kill('SIGKILL');
      await desk.exited;
    }
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, SLOW);

  it('answers 503 while the database is away, stays up, and takes leads again when it returns', {
    timeout: SLOW,
  }, async () => {
    desk = await startDeskProcess({
      DATABASE_URL: server.url,
      DESK_DATA_DIR: dataDir,
      DESK_ALLOWED_ORIGINS: TEST_ORIGIN,
      DESK_LEADS_PER_MINUTE: '0',
    });
    const running = desk;
    const before = await postJson(`${running.url}/leads`, newLead());
    expect(before.status).toBe(201);

    // Leads held inside the desk's transactions when the server stops: a table lock makes
    // their inserts wait, so each has a connection checked out of the desk's pool.
    const lock = new pg.Client(server.url);
    locker = lock;
    lock.on('error', () => undefined); // the stop ends this session too
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table captures in access exclusive mode');
    const held = [1, 2, 3].map(() =>
      postJson(`${running.url}/leads`, newLead()).then(
        (res) => res.status,
        (error: Error) => `no answer: ${error.message}`,
      ),
    );
    await until(async () => {
      // Inside a transaction the statistics views keep their first snapshot: drop it.
      await lock.query('select pg_stat_clear_snapshot()');
      const { rows } = await lock.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
      );
      return (rows[0]?.waiting ?? 0) >= held.length;
    }, 'the leads to wait on the lock');

    const load = traffic(running.url);
    await server.halt();
    expect(await Promise.all(held), running.output()).toEqual([503, 503, 503]);
    await until(() => load.statuses.filter((s) => s === 503).length >= 5, 'answers while down');
    const whileDown = load.statuses.length;

    await server.resume();
    await until(() => load.statuses.slice(whileDown).includes(201), 'a lead stored again', 60_000);
    await load.stop();

    expect(running.child.exitCode, running.output()).toBeNull();
    expect(load.failures).toEqual([]);
    expect(load.statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    const after = await postJson(`${running.url}/leads`, newLead());
    expect(after.status).toBe(201);
    expect((await fetch(`${running.url}/health`)).status).toBe(200);
  });
});
