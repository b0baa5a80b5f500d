import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DeskDatabase } from './schema.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE = /^(\d{4})-[a-z0-9-]+\.sql$/;
/** Any constant shared by every desk process: two processes starting at once migrate once. */
const MIGRATION_LOCK = 4_206_001;

/**
 * Runs a file of several SQL statements inside the migration's transaction. The drivers differ
 * here only: prepared statements (PGlite's queries) take one statement each.
 */
export type ScriptRunner = (trx: Transaction<DeskDatabase>, script: string) => Promise<void>;

/** The migration files in the order they run: `NNNN-name.sql`, by number. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => FILE.test(name)).sort();
}

/** A digest of the migration files' names and texts: what a schema made by them depends on. */
export async function migrationsDigest(dir = MIGRATIONS_DIR): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await migrationFiles(dir)) {
    hash.update(`${file}\n${await readFile(join(dir, file), 'utf8')}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** Whether `desk_migrations` exists and records every file (nothing to apply). */
async function allRecorded(db: Kysely<DeskDatabase>, files: readonly string[]): Promise<boolean> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass('desk_migrations') is not null as present`.execute(db);
  if (rows[0]?.present !== true) {
    return false;
  }
  const recorded = await db.selectFrom('desk_migrations').select('version').execute();
  const done = new Set(recorded.map((row) => row.version));
  return files.every((file) => done.has(file));
}

/**
 * Applies every migration file not yet recorded in `desk_migrations`, each in its own
 * transaction with its record, under a transaction-level advisory lock so concurrent starts
 * never apply one twice. Returns the versions applied now.
 */
export async function applyMigrations(
  db: Kysely<DeskDatabase>,
  runScript: ScriptRunner,
  dir = MIGRATIONS_DIR,
): Promise<string[]> {
  const files = await migrationFiles(dir);
  // Every restart: two reads, not a locked transaction per file.
  if (await allRecorded(db, files)) {
    return [];
  }
  // Under the lock too: two desks starting on a new PostgreSQL database at once would both create
  // the table, and `if not exists` does not stop the second (pg_type's unique index refuses it).
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`create table if not exists desk_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx);
  });
  const applied: string[] = [];
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    const ran = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const done = await trx
        .selectFrom('desk_migrations')
        .select('version')
        .where('version', '=', file)
        .executeTakeFirst();
      if (done) {
        return false;
      }
      await runScript(trx, text);
      await trx.insertInto('desk_migrations').values({ version: file }).execute();
      return true;
    });
    if (ran) {
      applied.push(file);
    }
  }
  return applied;
}
