import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { applyMigrations, type ScriptRunner } from './migrate.ts';
import type { DeskDatabase } from './schema.ts';

/** The embedded database's folder inside the desk's data folder. */
export function embeddedDir(env: { dataDir: string }): string {
  return join(env.dataDir, 'db');
}

/** Which Postgres the desk runs on: embedded PGlite, or a server through `DATABASE_URL`. */
export type DatabaseKind = 'embedded' | 'postgres';

/** An open, migrated database. */
export interface DeskDb {
  readonly db: Kysely<DeskDatabase>;
  readonly kind: DatabaseKind;
  /** Closes the pool or the embedded database; the handle is unusable after. */
  close(): Promise<void>;
}

/** Where to open the database. */
export type DatabaseTarget =
  | {
      kind: 'embedded' /** A folder, or `null` for an in-memory database (tests). */;
      dataDir: string | null;
    }
  | { kind: 'postgres'; url: string /** Pool size (default 10). */; poolSize?: number };

/** jsonb values go in as JSON text, the same way on both drivers. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

async function openEmbedded(dataDir: string | null): Promise<DeskDb & { runScript: ScriptRunner }> {
  if (dataDir !== null) {
    await mkdir(dataDir, { recursive: true });
  }
  const client = dataDir === null ? new PGlite() : new PGlite(dataDir);
  await client.waitReady;
  const db = new Kysely<DeskDatabase>({ dialect: new PGliteDialect(client) });
  // PGlite has one session: exec() runs inside the transaction the migration holds open.
  const runScript: ScriptRunner = async (_trx, script) => {
    await client.exec(script);
  };
  return { db, kind: 'embedded', close: () => db.destroy(), runScript };
}

async function openServer(
  url: string,
  poolSize = 10,
): Promise<DeskDb & { runScript: ScriptRunner }> {
  // Loaded only for a server: a CLI command on the embedded database starts without it.
  const { default: pg } = await import('pg');
  // node-postgres reads timestamptz as Date already; bigint counts (count(*)) come back as text:
  // read them as numbers, since no count of ours nears 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => undefined);
  const db = new Kysely<DeskDatabase>({ dialect: new PostgresDialect({ pool }) });
  // Without parameters node-postgres uses the simple protocol, which takes many statements.
  const runScript: ScriptRunner = async (trx, script) => {
    await sql.raw(script).execute(trx);
  };
  return { db, kind: 'postgres', close: () => db.destroy(), runScript };
}

/**
 * Opens the desk's database and brings its schema up to date (migrations/*.sql, in order).
 * The same schema and queries run on both kinds (docs/desk.md#storage).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DeskDb> {
  const handle =
    target.kind === 'embedded'
      ? await openEmbedded(target.dataDir)
      : await openServer(target.url, target.poolSize);
  try {
    await applyMigrations(handle.db, handle.runScript);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return { db: handle.db, kind: handle.kind, close: handle.close };
}
