import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type DeskDb, openDatabase } from '../../desk/storage/database.ts';
import { type PostgresServer, startPostgresServer } from './postgres-server.ts';

/** One kind of Postgres the storage tests run on. */
export interface DatabaseUnderTest {
  name: 'PGlite' | 'PostgreSQL';
  /** A fresh, migrated database (its own, so tests never see each other's rows). */
  open(): Promise<DeskDb>;
  /** The server's URL for a fresh database, for code that opens its own (PostgreSQL only). */
  freshUrl?(): Promise<string>;
  close(): Promise<void>;
}

/** Embedded PGlite in memory. */
export function pglite(): DatabaseUnderTest {
  const opened: DeskDb[] = [];
  return {
    name: 'PGlite',
    async open() {
      const db = await openDatabase({ kind: 'embedded', dataDir: null });
      opened.push(db);
      return db;
    },
    async close() {
      await Promise.all(opened.map((db) => db.close()));
    },
  };
}

/**
 * A real PostgreSQL server (Debian's package), started for the file. When it cannot start, every
 * test using it fails with the reason (how to install it); none is skipped.
 */
export function postgres(): DatabaseUnderTest {
  let server: Promise<PostgresServer> | null = null;
  const opened: DeskDb[] = [];
  const freshUrl = async () => {
    server ??= startPostgresServer();
    const { url } = await server;
    const name = `desk_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client(url);
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return url.replace(/\/postgres$/, `/${name}`);
  };
  return {
    name: 'PostgreSQL',
    freshUrl,
    async open() {
      const db = await openDatabase({ kind: 'postgres', url: await freshUrl() });
      opened.push(db);
      return db;
    },
    async close() {
      await Promise.all(opened.map((db) => db.close()));
      if (server) {
        await (await server).stop();
      }
    },
  };
}
