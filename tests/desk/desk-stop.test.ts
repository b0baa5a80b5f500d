import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAdapter } from '../../desk/delivery/adapter.ts';
import { openDatabase } from '../../desk/storage/database.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';

// Issue 28: a stop lets deliveries in hand finish, for DESK_SHUTDOWN_MS and no longer. A CRM
// that never answers must not hold the desk open, and the job it held goes back to the outbox
// at once (its lease given back), for the next desk to take without waiting out the lease.

const STILL_IN_HAND = 'stop: requests or deliveries still in hand';
const desks: TestDesk[] = [];
/** One data folder for both desks: the second reopens it rather than making a new database. */
let dataDir: string;

/** A webhook adapter whose delivery resolves only when `finish` is called. */
function heldAdapter() {
  let started = () => {};
  let finish = () => {};
  const attempted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const adapter: DeliveryAdapter = {
    name: 'webhook',
    timeoutMs: 15_000,
    deliver: () => {
      started();
      return new Promise((resolve) => {
        finish = () => resolve({ ok: true });
      });
    },
  };
  return { adapter, attempted, finish: () => finish() };
}

const first = heldAdapter();

beforeAll(async () => {
  const desk = await startTestDesk({}, { adapters: [first.adapter], weeklyReport: false });
  desks.push(desk);
  dataDir = desk.dataDir;
});

afterAll(async () => {
  for (const desk of desks) {
    await rm(desk.dataDir, { recursive: true, force: true });
  }
});

const lead = () => leadBody({ conversationId: null, toolCallId: null });

describe('stopping the desk with a delivery in hand', () => {
  it('lets a delivery that finishes within DESK_SHUTDOWN_MS finish, with nothing said', async () => {
    const [desk] = desks as [TestDesk];
    expect((await postJson(`${desk.url}/leads`, lead())).status).toBe(201);
    await first.attempted;
    const stopped = desk.stop();
    first.finish();
    await stopped;
    expect(desk.logLines.map((l) => l.msg)).not.toContain(STILL_IN_HAND);
    expect(desk.logLines.filter((l) => l.msg === 'delivery').map((l) => l.outcome)).toEqual([
      'delivered',
    ]);
  });

  it('stops anyway when one hangs past it, says so, and gives the job back to the outbox', async () => {
    const hanging = heldAdapter();
    const desk = await startTestDesk(
      { DESK_SHUTDOWN_MS: '200', DESK_DATA_DIR: dataDir },
      { adapters: [hanging.adapter], weeklyReport: false },
    );
    desks.push(desk);
    expect((await postJson(`${desk.url}/leads`, lead())).status).toBe(201);
    await hanging.attempted;
    await until(
      () =>
        desk.services.database.db
          .selectFrom('deliveries')
          .select('id')
          .where('locked_by', 'is not', null)
          .executeTakeFirst(),
      'the job to be leased',
    );

    await desk.stop();
    expect(desk.logLines.map((l) => l.msg)).toContain(STILL_IN_HAND);
    const reopened = await openDatabase({ kind: 'embedded', dataDir: join(dataDir, 'db') });
    try {
      const job = await reopened.db
        .selectFrom('deliveries')
        .select(['status', 'locked_by', 'locked_until', 'attempts'])
        .where('status', '!=', 'delivered')
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'pending', locked_by: null, locked_until: null, attempts: 1 });
    } finally {
      await reopened.close();
    }
  });
});
