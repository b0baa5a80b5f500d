import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreCommand } from '../../desk/cli/backup-command.ts';
import { loadBrokerage } from '../../desk/config/brokerage.ts';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { storeCapture } from '../../desk/ingest/store-capture.ts';
import { openDatabase } from '../../desk/storage/database.ts';
import { postgres } from '../helpers/desk-databases.ts';
import { leadBody } from '../helpers/desk-harness.ts';

// Moving from PGlite to PostgreSQL (docs/deploy.md): `backup FILE` on the embedded database,
// then `restore FILE` with DATABASE_URL set moves leads, users and pending deliveries.

const SLOW = 240_000;
const server = postgres();
let folder: string;
let file: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'desk-move-test-'));
  const brokerage = await loadBrokerage('assistant.config.json');
  const embedded = await openDatabase({ kind: 'embedded', dataDir: join(folder, 'db') });
  await embedded.db
    .insertInto('users')
    .values({
      id: '5b0f7a1e-8c2d-4f3e-9a6b-1c2d3e4f5a6b',
      email: 'maya@maple-ridge.example',
      name: 'Maya Chen',
      role: 'broker',
      password_hash: 'scrypt$kept',
    })
    .execute();
  for (const email of ['one@example.com', 'two@example.com']) {
    await storeCapture(
      { db: embedded.db, brokerage, adapters: ['email', 'webhook'] },
      parseCaptureBody(
        leadBody({
          conversationId: null,
          fields: { name: 'Visitor', email, intent: 'buy', consentToContact: true },
        }),
      ),
      'widget',
    );
  }
  const archive = await embedded.snapshot?.();
  await embedded.close();
  file = join(folder, 'backup.tar.gz');
  await writeFile(file, Buffer.from(await (archive as Blob).arrayBuffer()));
}, SLOW);
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
}, SLOW);

async function restore(url: string): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  const code = await restoreCommand.run({
    env: parseDeskEnv({ DATABASE_URL: url }),
    args: [file],
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
  });
  return { code, printed: lines.join('\n') };
}

describe('npm run desk -- restore FILE with DATABASE_URL', () => {
  it(
    'moves leads, users and pending deliveries, and the move can go on from there',
    async () => {
      const url = await (server.freshUrl as () => Promise<string>)();
      const moved = await restore(url);
      expect(moved.printed).toMatch(/^Moved .* into DATABASE_URL: \d+ rows in \d+ tables\.$/);
      expect(moved.code).toBe(0);
      const db = await openDatabase({ kind: 'postgres', url });
      try {
        const users = await db.db.selectFrom('users').select(['email', 'password_hash']).execute();
        expect(users).toEqual([
          { email: 'maya@maple-ridge.example', password_hash: 'scrypt$kept' },
        ]);
        const leads = await db.db.selectFrom('leads').select('id').execute();
        expect(leads).toHaveLength(2);
        const pending = await db.db
          .selectFrom('deliveries')
          .select(['adapter', 'status'])
          .where('status', '=', 'pending')
          .execute();
        expect(pending).toHaveLength(4);
        const events = await db.db.selectFrom('lead_events').select('kind').execute();
        expect(events.map((e) => e.kind).sort()).toEqual(['received', 'received']);
        // The identity counters go on past the copied ids.
        await db.db
          .insertInto('lead_events')
          .values({ lead_id: leads[0]?.id ?? '', kind: 'note' })
          .execute();
        // The search the inbox uses still finds a moved lead.
        const found = await sql<{ id: string }>`
        select id from leads where search @@ plainto_tsquery('english', ${'one@example.com'})`.execute(
          db.db,
        );
        expect(found.rows).toHaveLength(1);
      } finally {
        await db.close();
      }
      const again = await restore(url);
      expect(again).toEqual({
        code: 1,
        printed:
          'DATABASE_URL already holds people, users or jobs: restore into an empty database.',
      });
    },
    SLOW,
  );
});
