import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskDb } from '../../desk/storage/database.ts';
import { nextReplanAt } from '../../desk/storage/kept-statements.ts';
import { pglite } from '../helpers/desk-databases.ts';

// The embedded driver keeps each statement prepared, and PostgreSQL keeps a kept statement's
// generic plan until a table it reads is analyzed. A new desk makes those plans on its first
// runs, while its tables are empty, so a lookup planned as a whole-table scan stayed one as the
// table grew (issue 31 #13). The driver plans a statement again as it is used.

const database = pglite();
let db: DeskDb;

beforeAll(async () => {
  db = await database.open();
  // Two looked-up keys, each with its unique index: an `or` of the two under `limit 1` is planned as
  // a whole-table scan while the table is empty, and as two index lookups once it is not.
  await sql`create table replan_probe (id int primary key, a text, b text, pad text)`.execute(
    db.db,
  );
  await sql`create unique index replan_probe_a on replan_probe (a)`.execute(db.db);
  await sql`create unique index replan_probe_b on replan_probe (b)`.execute(db.db);
});
afterAll(() => database.close());

/** Whole-table scans of the probe table so far. */
async function scans(): Promise<number> {
  await sql`select pg_stat_force_next_flush()`.execute(db.db);
  const { rows } = await sql<{ n: number }>`
    select coalesce(seq_scan, 0)::int as n from pg_stat_user_tables
    where relname = 'replan_probe'`.execute(db.db);
  return rows[0]?.n ?? 0;
}

/** The same statement text every time, as the desk's queries are. */
function lookUp(key: string) {
  return sql`select id from replan_probe where a = ${key} or b = ${key} limit 1`.execute(db.db);
}

describe('a kept statement on the embedded database', () => {
  it('is planned again as it is used, so a table that grew is no longer scanned whole', async () => {
    // Runs 1–10 on the empty table: from the sixth, PostgreSQL uses its generic plan.
    for (let i = 0; i < 10; i += 1) {
      await lookUp(`missing-${i}`);
    }
    await sql`insert into replan_probe
      select i, 'a' || i, 'b' || i, repeat('x', 200) from generate_series(1, 20000) i`.execute(
      db.db,
    );
    // Runs 11–15: the plan made on the empty table scans all 20,000 rows each time.
    const before = await scans();
    for (let i = 10; i < 15; i += 1) {
      await lookUp(`missing-${i}`);
    }
    expect((await scans()) - before).toBe(5);
    // From the sixteenth run the statement is planned for the table as it is.
    const after = await scans();
    for (let i = 15; i < 40; i += 1) {
      await lookUp(`missing-${i}`);
    }
    expect((await scans()) - after).toBe(0);
    const found = await lookUp('b123');
    expect(found.rows).toEqual([{ id: 123 }]);
  });
});

describe('when a kept statement is planned again', () => {
  it('comes at 16 runs, then at four times as many, then every 65,536', () => {
    expect(nextReplanAt(0)).toBe(16);
    expect(nextReplanAt(15)).toBe(16);
    expect(nextReplanAt(16)).toBe(64);
    expect(nextReplanAt(64)).toBe(256);
    expect(nextReplanAt(1000)).toBe(1024);
    expect(nextReplanAt(16_384)).toBe(65_536);
    expect(nextReplanAt(65_536)).toBe(131_072);
    expect(nextReplanAt(200_000)).toBe(262_144);
  });
});
