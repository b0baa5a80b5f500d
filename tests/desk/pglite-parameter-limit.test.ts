import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskDb } from '../../desk/storage/database.ts';
import { MAX_EMBEDDED_PARAMETERS } from '../../desk/storage/parameter-limit.ts';
import type { DeskDatabase } from '../../desk/storage/schema.ts';
import { pglite } from '../helpers/desk-databases.ts';

// PGlite counts a statement's bind parameters in a signed 16-bit field: one over the limit used
// to answer with no rows, and every later query on the session answered nothing too. (The
// embedded database has one session: a query on `db` inside a transaction would wait for that
// transaction forever, so the transaction's own statements go through `trx`.)

/** `select count(*)` over `n` bound values: its answer says every parameter arrived. */
function countOf(db: Kysely<DeskDatabase>, n: number) {
  const values = Array.from({ length: n }, (_, i) => sql`(${i}::int)`);
  return sql<{ n: number }>`
    select count(*)::int as n from (values ${sql.join(values)}) as t(x)`.execute(db);
}

describe('the embedded database and a statement with too many parameters', () => {
  const database = pglite();
  let db: DeskDb;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => database.close());

  it('takes a statement at the limit whole', async () => {
    const result = await countOf(db.db, MAX_EMBEDDED_PARAMETERS);
    expect(result.rows).toEqual([{ n: MAX_EMBEDDED_PARAMETERS }]);
  });

  it('refuses one over the limit with a clear error, and the session goes on answering', async () => {
    await expect(countOf(db.db, MAX_EMBEDDED_PARAMETERS + 1)).rejects.toMatchObject({
      code: 'too-many-parameters',
      message: expect.stringContaining(`${MAX_EMBEDDED_PARAMETERS + 1} parameters`),
    });
    const after = await sql<{ one: number }>`select 1 as one`.execute(db.db);
    expect(after.rows).toEqual([{ one: 1 }]);
  });

  it('leaves a transaction it failed in to roll back, and nothing of it is kept', async () => {
    await sql`create temporary table kept (x int)`.execute(db.db);
    await expect(
      db.db.transaction().execute(async (trx) => {
        await sql`insert into kept values (1)`.execute(trx);
        await countOf(trx, MAX_EMBEDDED_PARAMETERS + 1);
      }),
    ).rejects.toMatchObject({ code: 'too-many-parameters' });
    const kept = await sql<{ n: number }>`select count(*)::int as n from kept`.execute(db.db);
    expect(kept.rows).toEqual([{ n: 0 }]);
  });
});
