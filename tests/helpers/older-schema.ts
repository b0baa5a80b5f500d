import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { applyMigrations, migrationFiles } from '../../desk/storage/migrate.ts';
import type { DeskDatabase } from '../../desk/storage/schema.ts';

/** A database migrated only up to a past release, for testing the migrations that follow it. */
export interface OlderSchema {
  db: Kysely<DeskDatabase>;
  /** Applies every later migration, as a desk of today would at start; resolves their names. */
  migrateRest(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * An in-memory PGlite database with the migrations before `first` applied (say `'0007'`): a
 * folder holding only those is migrated first, so the rows a test inserts next are in the
 * shape that release wrote them.
 */
export async function olderSchema(first: string): Promise<OlderSchema> {
  const migrations = fileURLToPath(new URL('../../desk/storage/migrations/', import.meta.url));
  const dir = await mkdtemp(join(tmpdir(), 'desk-migrations-'));
  for (const file of (await migrationFiles()).filter((f) => f < first)) {
    await copyFile(join(migrations, file), join(dir, file));
  }
  const client = new PGlite();
  const db = new Kysely<DeskDatabase>({ dialect: new PGliteDialect(client) });
  const runScript = async (_trx: unknown, script: string) => {
    await client.exec(script);
  };
  await applyMigrations(db, runScript, dir);
  return {
    db,
    migrateRest: () => applyMigrations(db, runScript),
    close: async () => {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
