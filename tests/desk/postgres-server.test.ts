import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgresServer } from '../helpers/postgres-server.ts';

// initdb and a cold start on a busy two-core machine can take tens of seconds.
const SLOW = 240_000;

function portOf(url: string): number {
  return Number(new URL(url).port);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startPostgresServer', () => {
  let server: PostgresServer;
  const clients: pg.Client[] = [];

  async function client(): Promise<pg.Client> {
    const c = new pg.Client(server.url);
    await c.connect();
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    server = await startPostgresServer();
  }, SLOW);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await server?.stop();
  }, SLOW);

  it('serves a loopback URL as the app role', async () => {
    expect(server.url).toMatch(/^postgres:\/\/app@127\.0\.0\.1:\d+\/postgres$/);
    const c = await client();
    const { rows } = await c.query<{ version: string; user: string }>(
      'select version() as version, current_user as user',
    );
    expect(rows[0]?.version).toMatch(/^PostgreSQL \d+/);
    expect(rows[0]?.user).toBe('app');
  });

  it('lets two sessions claim different rows with FOR UPDATE SKIP LOCKED', async () => {
    const [a, b] = [await client(), await client()];
    await a.query('create table jobs (id int primary key)');
    await a.query('insert into jobs values (1), (2), (3)');
    const claim = 'select id from jobs order by id limit 1 for update skip locked';
    await a.query('begin');
    await b.query('begin');
    const first = await a.query<{ id: number }>(claim);
    const second = await b.query<{ id: number }>(claim);
    await a.query('commit');
    await b.query('commit');
    expect(first.rows.map((r) => r.id)).toEqual([1]);
    expect(second.rows.map((r) => r.id)).toEqual([2]);
  });

  it('matches English full-text queries by stem, like PGlite', async () => {
    const c = await client();
    const { rows } = await c.query<{ vector: string; hit: boolean; config: string }>(
      `select to_tsvector('Viewing the houses') :: text as vector,
              to_tsvector('english', 'Viewing the houses') @@ plainto_tsquery('english', 'house')
                as hit,
              current_setting('default_text_search_config') as config`,
    );
    expect(rows[0]).toEqual({
      vector: "'hous':3 'view':1",
      hit: true,
      config: 'pg_catalog.english',
    });
  });

  it(
    'closes the port and removes its directory when stopped',
    async () => {
      const port = portOf(server.url);
      const { rows } = await (await client()).query<{ dir: string }>(
        "select current_setting('data_directory') as dir",
      );
      const dir = rows[0]?.dir ?? '';
      expect(existsSync(dir)).toBe(true);
      await Promise.all(clients.splice(0).map((c) => c.end()));
      await server.stop();
      await server.stop();
      expect(await canConnect(port)).toBe(false);
      expect(existsSync(dir)).toBe(false);
    },
    SLOW,
  );
});
