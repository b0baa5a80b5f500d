import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, sql } from 'kysely';
import {
  type OpenedCluster,
  openCluster,
  PGLITE_OPTIONS,
  type Templates,
} from './embedded-cluster.ts';
import { applyMigrations, type ScriptRunner } from './migrate.ts';
import { type Listen, serverListen } from './notifications.ts';
import { keptStatementDialect } from './pglite-driver.ts';
import type { DeskDatabase } from './schema.ts';
import { isCluster, type SchemaTemplate, saveSchemaTemplate } from './schema-template.ts';
import { serverDialect } from './server-driver.ts';

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
  /** Hears NOTIFY on a channel, from every process on this database (the live inbox). */
  listen: Listen;
  /**
   * A consistent copy of the embedded database's folder, as a gzipped tar (PGlite only; a
   * PostgreSQL server is copied with pg_dump).
   */
  snapshot?: () => Promise<Blob>;
  /** What GET /metrics reports: failed queries so far, and the server pool's connections. */
  stats?: () => DatabaseStats;
}

/** A database's counts for GET /metrics (docs/desk.md#metrics). */
export interface DatabaseStats {
  /** Queries that failed since the database was opened. */
  queryErrors: number;
  /** The pool's connections (a server only; PGlite has its one session). */
  pool: { total: number; idle: number; waiting: number } | null;
}

/**
 * What an opener hands {@link openDatabase}: the database, how to run a migration script, and
 * what to do once migrated (keep a new embedded folder as the template for the next).
 */
type OpenedDb = DeskDb & {
  runScript: ScriptRunner;
  stats: () => DatabaseStats;
  afterMigrations?: () => Promise<void>;
};

// Counts the queries that fail (Kysely's log hook sees each one), for GET /metrics.
function errorCounter(): { count: () => number; log: (event: LogEvent) => void } {
  let errors = 0;
  return {
    count: () => errors,
    log(event) {
      if (event.level === 'error') {
        errors += 1;
      }
    },
  };
}

/** Where to open the database. */
export type DatabaseTarget =
  | {
      kind: 'embedded' /** A folder, or `null` for an in-memory database (tests). */;
      dataDir: string | null;
      /** The new-cluster template (tests); by default the one for the installed PGlite. */
      templateFile?: string | null;
      /**
       * The migrated template a new folder is copied from (schema-template.ts); by default the
       * shipped or cached one for these migrations; `null` (tests, the build) migrates.
       */
      schemaTemplate?: SchemaTemplate | null;
    }
  | { kind: 'postgres'; url: string /** Pool size (default 10). */; poolSize?: number };

/** jsonb values go in as JSON text, the same way on both drivers. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

// PGlite fails with the file system's own error object ({ name, errno }), which is not an Error.
function causeOf(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  const { name, errno } = (error ?? {}) as { name?: unknown; errno?: unknown };
  return [name, errno].filter((part) => part !== undefined).join(' ') || typeof error;
}

/**
 * The embedded database's folder could not be opened: most often another desk took it first, as
 * two desks started at once on a new folder do, or its files are damaged (docs/desk.md#storage).
 */
export class EmbeddedDatabaseError extends Error {
  readonly code = 'embedded-database-unavailable';
  constructor(dataDir: string, error: unknown) {
    super(
      `Cannot open the embedded database in ${dataDir} (${causeOf(error)}). ` +
        'Another desk may be opening the same folder (an embedded database takes one ' +
        'process), or the folder is damaged. Stop the other desk, or give this one its own ' +
        'DESK_DATA_DIR, or use DATABASE_URL for several processes.',
    );
    this.name = 'EmbeddedDatabaseError';
  }
}

async function openEmbedded(dataDir: string | null, templates: Templates): Promise<OpenedDb> {
  if (dataDir !== null) {
    await mkdir(dataDir, { recursive: true });
  }
  let opened: OpenedCluster;
  try {
    opened = await openCluster(dataDir, templates);
  } catch (error) {
    throw dataDir === null ? error : new EmbeddedDatabaseError(dataDir, error);
  }
  const { client } = opened;
  const errors = errorCounter();
  const db = new Kysely<DeskDatabase>({
    dialect: keptStatementDialect(client),
    log: errors.log,
  });
  // PGlite has one session: exec() runs inside the transaction the migration holds open.
  const runScript: ScriptRunner = async (_trx, script) => {
    await client.exec(script);
  };
  // Holding the dialect's one connection, no query runs between the checkpoint (which writes
  // every changed page to the folder) and the copy: the copy opens as a cleanly stopped cluster.
  const snapshot = () =>
    db.connection().execute(async (connection) => {
      await sql`checkpoint`.execute(connection);
      return client.dumpDataDir('gzip');
    });
  const stats = () => ({ queryErrors: errors.count(), pool: null });
  const listen: Listen = (channel, onPayload) => client.listen(channel, onPayload);
  // A new folder migrated now, checkpointed with nothing running, is kept for the next new
  // folder; its copy opens like a desk stopped right after the checkpoint, nothing to replay.
  const { keepAs } = opened;
  const keep =
    keepAs !== null && dataDir !== null
      ? () =>
          db.connection().execute(async (connection) => {
            await sql`checkpoint`.execute(connection);
            await saveSchemaTemplate(dataDir, keepAs);
          })
      : undefined;
  return {
    db,
    kind: 'embedded',
    close: () => db.destroy(),
    runScript,
    snapshot,
    stats,
    listen,
    ...(keep && { afterMigrations: keep }),
  };
}

/** Thrown when a restore would overwrite a database. */
export class DatabaseExistsError extends Error {
  readonly code = 'database-exists';
  constructor(dataDir: string) {
    super(`${dataDir} already holds a database; move it away first, then restore.`);
    this.name = 'DatabaseExistsError';
  }
}

/**
 * Makes the embedded database in `dataDir` from a {@link DeskDb.snapshot} archive. Refuses a
 * folder that already holds one; the next start applies any newer migrations.
 */
export async function restoreEmbedded(dataDir: string, archive: Blob): Promise<void> {
  if (await isCluster(dataDir)) {
    throw new DatabaseExistsError(dataDir);
  }
  await mkdir(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { ...PGLITE_OPTIONS, loadDataDir: archive });
  await client.waitReady;
  await client.query('select count(*) from desk_migrations');
  await client.close();
}

async function openServer(url: string, poolSize = 10): Promise<OpenedDb> {
  // Loaded only for a server: a CLI command on the embedded database starts without it.
  const { default: pg } = await import('pg');
  // node-postgres reads timestamptz as Date already; bigint counts (count(*)) come back as text:
  // read them as numbers, since no count of ours nears 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A dropped connection must not crash the process (docs/desk.md#storage). The pool hears an
  // idle one's error; a connection checked out (inside a transaction, or a query waiting) emits
  // its own on the client, which the pool stops listening to while it is lent. Either way the
  // query in hand fails (the route answers 503) and the pool drops the client at its release,
  // so the next query gets a fresh connection once the server is back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const errors = errorCounter();
  // node-postgres's serialiser for parameters (untyped in @types/pg), as its own queries use it.
  const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } })
    .utils;
  const dialect = serverDialect(pool, {
    getTypeParser: (oid, format) => pg.types.getTypeParser(oid, format),
    prepareValue,
  });
  const db = new Kysely<DeskDatabase>({ dialect, log: errors.log });
  const stats = () => ({
    queryErrors: errors.count(),
    pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
  });
  // A text without parameters and with a `;` goes by the simple protocol, which takes many
  // statements (server-driver.ts).
  const runScript: ScriptRunner = async (trx, script) => {
    await sql.raw(script).execute(trx);
  };
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
    runScript,
    stats,
    listen: serverListen(url),
  };
}

/**
 * Opens the desk's database and brings its schema up to date (migrations/*.sql, in order).
 * The same schema and queries run on both kinds (docs/desk.md#storage).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DeskDb> {
  const handle =
    target.kind === 'embedded'
      ? await openEmbedded(target.dataDir, target)
      : await openServer(target.url, target.poolSize);
  try {
    await applyMigrations(handle.db, handle.runScript);
    await handle.afterMigrations?.();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return {
    db: handle.db,
    kind: handle.kind,
    close: handle.close,
    stats: handle.stats,
    listen: handle.listen,
    ...('snapshot' in handle && { snapshot: handle.snapshot }),
  };
}
