import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Attribution, addDailyRows, dailyRows } from '../../desk/leads/numbers-rollup.ts';
import type { DeskDb } from '../../desk/storage/database.ts';
import type { DeskDatabase } from '../../desk/storage/schema.ts';
import { postgres } from '../helpers/desk-databases.ts';

// Issue 31 #13: every capture adds to its day's numbers, and on a server every capture's
// transaction waited for the one before it to commit, on that day's one `all` row. Two
// transactions on two sessions now add to rows of their own (0017-numbers-shards.sql), and the
// numbers still sum them. PGlite has one session, so nothing there can wait on another.

const database = postgres();
let desk: DeskDb;
beforeAll(async () => {
  desk = await database.open();
}, 120_000);
afterAll(() => database.close());

const AT: Attribution = {
  day: '2026-11-27',
  demo: false,
  agent: 'daniel@maple-ridge.example',
  agentName: 'Daniel',
  listing: '14 Linden Court',
  page: 'https://maple-ridge.example/listings/14',
  source: 'direct',
};

/** A transaction on its own session, held open until `finish` is called. */
interface Held {
  pid: number;
  trx: Transaction<DeskDatabase>;
  /** Ends it: committed, or rolled back after a statement of it failed. */
  finish(): Promise<void>;
}

async function hold(): Promise<Held> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let opened: (held: Omit<Held, 'finish'>) => void = () => {};
  const ready = new Promise<Omit<Held, 'finish'>>((resolve) => {
    opened = resolve;
  });
  const done = desk.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    opened({ pid: rows[0]?.pid ?? 0, trx });
    await released;
  });
  const held = await Promise.race([ready, done.then(() => null)]);
  if (held === null) {
    throw new Error('the transaction ended before it was held');
  }
  return {
    ...held,
    finish: async () => {
      release();
      await done;
    },
  };
}

describe('two captures counted at once on PostgreSQL', () => {
  it('neither waits for the other to commit, and the numbers count both', async () => {
    const held: Held[] = [];
    try {
      const first = await hold();
      held.push(first);
      await addDailyRows(first.trx, dailyRows([{ at: AT, add: { captures: 1, newLeads: 1 } }]));
      // A second session, whose share of the rows is not the first's: a session whose backend
      // shares the first's share (one pid in sixteen) is held aside, as a third capture would be.
      let second = await hold();
      held.push(second);
      while (second.pid % 16 === first.pid % 16) {
        second = await hold();
        held.push(second);
      }
      // Without shares, this waits on the first's row until the first commits: lock_timeout
      // ends the wait with an error instead.
      await sql`set local lock_timeout = '5s'`.execute(second.trx);
      await addDailyRows(second.trx, dailyRows([{ at: AT, add: { captures: 1, viewings: 1 } }]));
    } finally {
      // Each ends, so the pool can close; the first last, after the second has counted.
      await Promise.allSettled(held.reverse().map((h) => h.finish()));
    }

    const { rows } = await sql<{ dimension: string; captures: number; viewings: number }>`
      select dimension, sum(captures)::int as captures, sum(viewings)::int as viewings
      from numbers_daily where day = ${AT.day}::date group by dimension order by dimension`.execute(
      desk.db,
    );
    expect(rows).toEqual(
      ['all', 'listing', 'page', 'source'].map((dimension) => ({
        dimension,
        captures: 2,
        viewings: 1,
      })),
    );
  });
});
