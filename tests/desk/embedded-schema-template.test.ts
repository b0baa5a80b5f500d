import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskDb, EmbeddedDatabaseError, openDatabase } from '../../desk/storage/database.ts';
import { isCluster, type SchemaTemplate } from '../../desk/storage/schema-template.ts';

// A new embedded folder is a copy of a migrated cluster (desk/storage/schema-template.ts): it
// opens as an existing folder, with no migration run in it. Each test names its own template
// folder, so the shared one under node_modules/.cache is never touched here.
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'desk-schema-template-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const open = (dataDir: string, schemaTemplate: SchemaTemplate) =>
  openDatabase({ kind: 'embedded', dataDir, schemaTemplate });

/** When each migration was recorded: a copy keeps its template's times, a migrated folder its own. */
async function migratedAt(database: DeskDb): Promise<string[]> {
  const { rows } = await sql<{ at: string }>`
    select applied_at::text as at from desk_migrations order by version`.execute(database.db);
  return rows.map((row) => row.at);
}

describe('the migrated template', () => {
  it('is kept by the first new folder; the next new folder is a copy of it, with its own data', async () => {
    const template = { dir: join(root, 'kept'), cached: true };
    const first = await open(join(root, 'first'), template);
    const firstTimes = await migratedAt(first);
    // A change made after the template was kept, which a copy of it must not hold.
    await sql`create table first_folder_only (n int)`.execute(first.db);
    await first.close();
    expect(await isCluster(template.dir)).toBe(true);

    const second = await open(join(root, 'second'), template);
    // Not migrated again: the template's own records, and none of the first folder's later rows.
    expect(await migratedAt(second)).toEqual(firstTimes);
    const { rows } = await sql<{ present: boolean }>`
      select to_regclass('first_folder_only') is not null as present`.execute(second.db);
    expect(rows[0]?.present).toBe(false);
    await second.close();
  });

  it('is dropped when it cannot be opened, and the new folder is migrated and kept instead', async () => {
    const template = { dir: join(root, 'damaged'), cached: true };
    await mkdir(template.dir, { recursive: true });
    await writeFile(join(template.dir, 'PG_VERSION'), 'not a cluster\n');
    const database = await open(join(root, 'third'), template);
    expect((await migratedAt(database)).length).toBeGreaterThan(0);
    await database.close();
    // The damaged folder was replaced by the new folder's good copy.
    const again = await open(join(root, 'fourth'), template);
    expect((await migratedAt(again)).length).toBeGreaterThan(0);
    await again.close();
  });

  it('gives one new folder to one of two opens at once; the other is refused, the folder whole', async () => {
    const template = { dir: join(root, 'kept'), cached: true };
    const dataDir = join(root, 'raced');
    const opens = await Promise.allSettled([open(dataDir, template), open(dataDir, template)]);
    const opened = opens.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = opens.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(opened).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(EmbeddedDatabaseError);
    await opened[0]?.close();
    const again = await open(dataDir, template);
    expect((await migratedAt(again)).length).toBeGreaterThan(0);
    await again.close();
  });
});
