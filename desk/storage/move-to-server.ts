import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { openDatabase, restoreEmbedded } from './database.ts';
import type { DeskDatabase } from './schema.ts';

/** The PostgreSQL database a move goes into already holds the desk's data. */
export class ServerNotEmptyError extends Error {
  override readonly name = 'ServerNotEmptyError';
  readonly code = 'server-not-empty';
  constructor() {
    super('DATABASE_URL already holds people, users or jobs: restore into an empty database.');
  }
}

type Db = Kysely<DeskDatabase>;

/** The desk's tables, each after the tables its foreign keys point to (itself aside). */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'desk_migrations'
      order by table_name`.execute(db)
  ).rows.map((r) => r.name);
  const edges = (
    await sql<{ child: string; parent: string }>`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter((t) =>
      edges.every((e) => e.child !== t || e.parent === t || !pending.has(e.parent)),
    );
    if (ready.length === 0) {
      throw new Error(`foreign keys form a cycle among ${[...pending].join(', ')}`);
    }
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered;
}

/**
 * Moves an embedded database's backup (`npm run desk -- backup FILE`) into an empty PostgreSQL
 * database (docs/deploy.md#moving-from-pglite-to-postgresql): the archive is opened in a scratch folder and
 * brought to the current schema, the server is migrated, then each table is copied whole, in
 * foreign-key order, ids and all, and the identity counters are set past the copied ids.
 * Resolves the rows copied per table.
 */
export async function moveBackupToServer(
  archive: Blob,
  url: string,
): Promise<Record<string, number>> {
  const scratch = await mkdtemp(join(tmpdir(), 'desk-move-'));
  try {
    await restoreEmbedded(join(scratch, 'db'), archive);
    const source = await openDatabase({ kind: 'embedded', dataDir: join(scratch, 'db') });
    try {
      const target = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      try {
        return await copyTables(source.db, target.db);
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function copyTables(source: Db, target: Db): Promise<Record<string, number>> {
  const used = await sql<{ used: boolean }>`
    select exists (select 1 from people) or exists (select 1 from users)
      or exists (select 1 from jobs) as used`.execute(target);
  if (used.rows[0]?.used) {
    throw new ServerNotEmptyError();
  }
  const copied: Record<string, number> = {};
  await target.transaction().execute(async (trx) => {
    for (const table of await tablesInOrder(source)) {
      const rows = await sql<{ r: unknown }>`select to_jsonb(t) as r from ${sql.table(table)} t`
        .execute(source)
        .then((result) => result.rows.map((row) => row.r));
      copied[table] = rows.length;
      if (rows.length === 0) {
        continue;
      }
      // One statement per table: a table that points at itself (a lead merged into another) is
      // checked at the statement's end, whatever order its rows come in.
      await sql`insert into ${sql.table(table)} overriding system value
        select * from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`.execute(
        trx,
      );
    }
    const identities = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and is_identity = 'YES'`.execute(trx);
    for (const { table_name: table, column_name: column } of identities.rows) {
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
        coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
        trx,
      );
    }
  });
  return copied;
}
