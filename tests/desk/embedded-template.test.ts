import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../desk/storage/database.ts';

// A new embedded folder with no migrated template (embedded-schema-template.test.ts) starts from
// a template of a fresh cluster instead of running initdb (desk/storage/embedded-template.ts).
// Each test names its own template file, so the shared one under node_modules/.cache is never
// touched here.
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'desk-template-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function countMigrations(dataDir: string, templateFile: string): Promise<number> {
  const database = await openDatabase({
    kind: 'embedded',
    dataDir,
    templateFile,
    schemaTemplate: null,
  });
  try {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from desk_migrations`.execute(database.db);
    return rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

describe('the new-cluster template', () => {
  it('is made by the first new folder, then gives the next new folder the same schema and keeps its data', async () => {
    const templateFile = join(root, 'good.tar.gz');
    const first = await countMigrations(join(root, 'first'), templateFile);
    expect((await stat(templateFile)).size).toBeGreaterThan(100_000);

    const dataDir = join(root, 'second');
    const database = await openDatabase({
      kind: 'embedded',
      dataDir,
      templateFile,
      schemaTemplate: null,
    });
    await database.db
      .insertInto('users')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        email: 'maya@maple-ridge.example',
        name: 'Maya Chen',
        role: 'broker',
        password_hash: 'x',
      })
      .execute();
    await database.close();
    // Reopened as an existing folder: the row is on disk, and no migration runs twice.
    const again = await openDatabase({
      kind: 'embedded',
      dataDir,
      templateFile,
      schemaTemplate: null,
    });
    const users = await again.db.selectFrom('users').select('email').execute();
    await again.close();
    expect(users.map((u) => u.email)).toEqual(['maya@maple-ridge.example']);
    expect(await countMigrations(dataDir, templateFile)).toBe(first);
  });

  it('falls back to initdb when the template is damaged, and replaces it with a good one', async () => {
    const templateFile = join(root, 'damaged.tar.gz');
    await writeFile(templateFile, 'not a tarball');
    expect(await countMigrations(join(root, 'third'), templateFile)).toBeGreaterThan(0);
    expect((await readFile(templateFile)).length).toBeGreaterThan(100_000);
  });
});
