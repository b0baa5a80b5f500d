import { connect, createServer, type Server } from 'node:net';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskDb, openDatabase } from '../../desk/storage/database.ts';
import type { DeskDatabase } from '../../desk/storage/schema.ts';
import { KEPT_STATEMENTS, WITH_NEXT } from '../../desk/storage/server-driver.ts';
import { postgres } from '../helpers/desk-databases.ts';

// The desk's PostgreSQL driver (desk/storage/server-driver.ts): on loopback each write to the
// server costs the desk CPU, and a capture's transaction made a round trip for its `begin`
// alone, with every statement parsed and planned again (issue 31 #13). The desk talks to the
// server through a loopback relay here that counts the desk's writes.

const SLOW = 240_000;
const database = postgres();
let relay: Server;
let writes = 0;
let db: DeskDb;

/** A relay from a loopback port to the server's, counting the chunks the desk writes. */
async function startRelay(target: URL): Promise<string> {
  relay = createServer((desk) => {
    const server = connect({ host: target.hostname, port: Number(target.port) });
    desk.on('data', (chunk) => {
      writes += 1;
      server.write(chunk);
    });
    server.pipe(desk);
    desk.on('error', () => server.destroy());
    server.on('error', () => desk.destroy());
    desk.on('close', () => server.destroy());
    server.on('close', () => desk.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = new URL(target);
  url.port = String(port);
  return url.toString();
}

/** The desk's writes to the server while `work` runs. */
async function writesDuring(work: () => Promise<unknown>): Promise<number> {
  // Used just now, so the pool's one connection is not closed as idle (and made again, its
  // start-up written) however long the machine stalled before this test.
  await sql`select 1`.execute(db.db);
  const before = writes;
  await work();
  return writes - before;
}

beforeAll(async () => {
  const fresh = database.freshUrl;
  if (!fresh) {
    throw new Error('the PostgreSQL database under test gives no URL');
  }
  const url = await startRelay(new URL(await fresh()));
  // One connection, so every statement below runs in the same session.
  db = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await sql`create table probe (id int primary key, note text)`.execute(db.db);
}, SLOW);

afterAll(async () => {
  await db?.close();
  await database.close();
  await new Promise((resolve) => relay?.close(resolve));
}, SLOW);

/** The kept statements of a session whose text is `text`. */
async function keptAs(session: Kysely<DeskDatabase>, text: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from pg_prepared_statements where statement = ${text}`.execute(session);
  return rows.map((row) => row.name);
}

describe('the PostgreSQL driver', () => {
  it('sends a transaction’s begin with its first statement: three writes for two statements', async () => {
    const sent = await writesDuring(() =>
      db.db.transaction().execute(async (trx) => {
        await sql`select ${1}::int as one`.execute(trx);
        await sql`insert into probe (id) values (${1})`.execute(trx);
      }),
    );
    expect(sent).toBe(3);
    const { rows } = await sql<{ id: number }>`select id from probe`.execute(db.db);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('sends nothing for a transaction that ran no statement, committed or rolled back', async () => {
    const committed = await writesDuring(() => db.db.transaction().execute(async () => undefined));
    const rolledBack = await writesDuring(() =>
      db.db
        .transaction()
        .execute(async () => {
          throw new Error('given up before any statement');
        })
        .catch(() => undefined),
    );
    expect([committed, rolledBack]).toEqual([0, 0]);
  });

  it('sends locks marked to go with the next statement in its write: begin, locks and a read in one', async () => {
    const sent = await writesDuring(() =>
      db.db.transaction().execute(async (trx) => {
        await sql`${sql.raw(WITH_NEXT)}select pg_advisory_xact_lock(${7001}::bigint)`.execute(trx);
        const { rows } = await sql<{ locks: number }>`
          select count(*)::int as locks from pg_locks
          where locktype = 'advisory' and pid = pg_backend_pid()`.execute(trx);
        // The read ran once the lock was held.
        expect(rows).toEqual([{ locks: 1 }]);
      }),
    );
    expect(sent).toBe(2);
  });

  it('sends held statements with the commit, and drops them at a rollback', async () => {
    const held = (id: number) => sql`${sql.raw(WITH_NEXT)}insert into probe (id) values (${id})`;
    await db.db.transaction().execute(async (trx) => {
      await held(5).execute(trx);
    });
    await db.db
      .transaction()
      .execute(async (trx) => {
        await held(6).execute(trx);
        throw new Error('given up');
      })
      .catch(() => undefined);
    // A held statement's error is its transaction's: the commit that carries it fails.
    const failing = db.db.transaction().execute(async (trx) => {
      await held(5).execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ id: number }>`select id from probe order by id`.execute(db.db);
    expect(rows).toEqual([{ id: 1 }, { id: 5 }]);
    await sql`delete from probe where id = 5`.execute(db.db);
  });

  it('begins a transaction with its isolation level and access mode', async () => {
    const levels = await db.db
      .transaction()
      .setIsolationLevel('serializable')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const { rows } = await sql<{ level: string; readOnly: string }>`
          select current_setting('transaction_isolation') as level,
                 current_setting('transaction_read_only') as "readOnly"`.execute(trx);
        return rows[0];
      });
    expect(levels).toEqual({ level: 'serializable', readOnly: 'on' });
  });

  it('fails a transaction with PostgreSQL’s error code and rolls it back, first statement or later', async () => {
    const duplicate = db.db.transaction().execute(async (trx) => {
      await sql`insert into probe (id) values (${2})`.execute(trx);
      await sql`insert into probe (id) values (${1})`.execute(trx);
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    const firstFails = db.db.transaction().execute(async (trx) => {
      await sql`insert into no_such_table (id) values (${3})`.execute(trx);
    });
    await expect(firstFails).rejects.toMatchObject({ code: '42P01' });
    // Rolled back, and the session is out of the failed transaction (or this would fail 25P02).
    const { rows } = await sql<{ id: number }>`select id from probe order by id`.execute(db.db);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('keeps a statement prepared on its connection, and prepares it again at its 16th run', async () => {
    const text = 'select note from probe where id = $1';
    // One session held throughout: what it keeps is its own.
    await db.db.connection().execute(async (session) => {
      const lookUp = () => sql`select note from probe where id = ${1}`.execute(session);
      for (let run = 0; run < 10; run++) {
        await lookUp();
      }
      const first = await keptAs(session, text);
      expect(first).toHaveLength(1);
      for (let run = 10; run < 20; run++) {
        const { rows } = await lookUp();
        expect(rows).toEqual([{ note: null }]);
      }
      const second = await keptAs(session, text);
      // Planned again for the table as it is now; the old statement closed.
      expect(second).toHaveLength(1);
      expect(second).not.toEqual(first);
    });
  });

  it(`keeps at most ${KEPT_STATEMENTS} statements on a connection`, async () => {
    const kept = await db.db.connection().execute(async (session) => {
      for (let n = 0; n < KEPT_STATEMENTS + 30; n++) {
        await sql`select ${sql.lit(n)}::int + ${1}::int as n`.execute(session);
      }
      const { rows } = await sql<{ kept: number }>`
        select count(*)::int as kept from pg_prepared_statements`.execute(session);
      return rows[0]?.kept;
    });
    expect(kept).toBeLessThanOrEqual(KEPT_STATEMENTS);
    expect(kept).toBeGreaterThan(KEPT_STATEMENTS / 2);
  });

  it('fails a transaction whose connection drops, and serves the next query on a new one', async () => {
    const dropped = db.db.transaction().execute(async (trx) => {
      await sql`insert into probe (id) values (${4})`.execute(trx);
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
    });
    await expect(dropped).rejects.toThrow();
    const { rows } = await sql<{ id: number }>`select id from probe order by id`.execute(db.db);
    expect(rows).toEqual([{ id: 1 }]);
  });
});
