import { randomBytes } from 'node:crypto';
import {
  access,
  copyFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deskCacheDir } from '../config/build-cache.ts';
import { pgliteVersion } from './embedded-template.ts';
import { migrationsDigest } from './migrate.ts';

// A new embedded folder is a copy of a cluster that every migration has already run on, so it
// opens as an existing folder: no initdb, no migrations, and none of the WASM heap they grow,
// which PostgreSQL in WASM never gives back (issue 31 #14, #15). `npm run build:desk` makes one
// beside the compiled desk; without it (the desk run from its sources) the first new folder
// leaves one in the desk's build cache. Either is named by what it was made from (the PGlite
// version and the migration files), so a template of an older schema is never used.

/** Where `npm run build:desk` ships the template: dist/desk/db-template, its key beside it. */
const SHIPPED = fileURLToPath(new URL('../../dist/desk/db-template', import.meta.url));

/** What a template was made from: the PGlite version and the migrations' digest. */
export async function schemaTemplateKey(): Promise<string> {
  return `${await pgliteVersion()}-${await migrationsDigest()}`;
}

/** A folder PostgreSQL has initialised holds PG_VERSION. */
export function isCluster(dir: string): Promise<boolean> {
  return access(join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

/** The build cache's template for `key`, or null without a cache folder. */
function cachedTemplate(key: string): string | null {
  const dir = deskCacheDir();
  return dir === null ? null : join(dir, `pglite-${key}-schema`);
}

/** A template folder a new folder is copied from (when it holds a cluster). */
export interface SchemaTemplate {
  dir: string;
  /**
   * The cache's: made by the first new folder when absent, dropped when it fails to open. The
   * shipped one is only read.
   */
  cached: boolean;
}

/**
 * The template for a new folder: the shipped one when it was made from this PGlite and these
 * migrations, else the cache's (which the first new folder makes when it is not there yet), or
 * null without a cache folder.
 */
export async function findSchemaTemplate(): Promise<SchemaTemplate | null> {
  const key = await schemaTemplateKey();
  const shippedKey = await readFile(`${SHIPPED}.key`, 'utf8').catch(() => null);
  if (shippedKey?.trim() === key && (await isCluster(SHIPPED))) {
    return { dir: SHIPPED, cached: false };
  }
  const cached = cachedTemplate(key);
  return cached === null ? null : { dir: cached, cached: true };
}

/** Whether a new folder would be a copy now (a template for these migrations exists). */
export async function hasSchemaTemplate(): Promise<boolean> {
  const template = await findSchemaTemplate();
  return template !== null && (await isCluster(template.dir));
}

async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyTree(join(from, entry.name), join(to, entry.name))
        : copyFile(join(from, entry.name), join(to, entry.name)),
    ),
  );
}

/** A sibling of `dir` no other process names: a copy is made there, then renamed into place. */
function partialBeside(dir: string): string {
  return `${dir}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
}

/**
 * Makes the new folder `dataDir` (absent or empty) a copy of `template`. The copy is made beside
 * it and renamed into place, so of two desks started at once on one new folder the later finds
 * it taken (ENOTEMPTY) rather than half made. A folder that cannot be renamed over (a mount
 * point) is copied into in place.
 */
export async function copySchemaTemplate(template: string, dataDir: string): Promise<void> {
  const partial = partialBeside(dataDir);
  try {
    await copyTree(template, partial);
    await rename(partial, dataDir).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EBUSY' && error.code !== 'EXDEV') {
        throw error;
      }
      await copyTree(partial, dataDir);
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/**
 * Keeps `cluster` (a new folder every migration ran on, stopped or just checkpointed) as the
 * template `target`, unless there is one. Best effort: a read-only install only loses the speed-up.
 */
export async function saveSchemaTemplate(cluster: string, target: string): Promise<void> {
  if (await isCluster(target)) {
    return;
  }
  const partial = partialBeside(target);
  try {
    await copyTree(cluster, partial);
    await rename(partial, target);
  } catch {
    // Another process saved it first (ENOTEMPTY), or the cache is read-only.
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/** Forgets the cache's template for these migrations (one that failed to open). */
export async function dropSchemaTemplate(template: SchemaTemplate): Promise<void> {
  if (template.cached) {
    await rm(template.dir, { recursive: true, force: true });
  }
}

/**
 * Ships `cluster` (a new folder every migration ran on, cleanly stopped) as the template beside
 * the compiled desk in `out` (`npm run build:desk`).
 */
export async function shipSchemaTemplate(cluster: string, out: string): Promise<void> {
  const dir = join(out, 'db-template');
  await rm(dir, { recursive: true, force: true });
  await copyTree(cluster, dir);
  await writeFile(`${dir}.key`, `${await schemaTemplateKey()}\n`);
}
