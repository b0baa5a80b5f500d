import { readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { deskCacheDir, writeCacheFile } from '../config/build-cache.ts';

// A new embedded database runs PostgreSQL's initdb inside WASM: 7–8 s on a quiet 2-core machine,
// and the initdb module's memory (some 450 MB) stays mapped for the life of the process. Loading a
// freshly initialised cluster from a tarball instead takes about a second and leaves no initdb
// behind. The tarball depends only on the PGlite version, so it is made once per version
// (`npm run build`, or the first new folder ever) and kept in the desk's build cache.

/** The installed PGlite's version: a cluster made by one opens only with its own. */
export async function pgliteVersion(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  // dist/index.js → the package's own folder.
  const manifest = JSON.parse(
    await readFile(join(dirname(dirname(entry)), 'package.json'), 'utf8'),
  ) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

/** Where the template for the installed PGlite lives, or null without a cache folder. */
export async function templatePath(): Promise<string | null> {
  const dir = deskCacheDir();
  return dir === null ? null : join(dir, `pglite-${await pgliteVersion()}-cluster.tar.gz`);
}

/** The template's bytes, or null when there is none yet (or it cannot be read). */
export async function readTemplate(path: string | null): Promise<Blob | null> {
  if (path === null) {
    return null;
  }
  try {
    return new Blob([await readFile(path)]);
  } catch {
    return null;
  }
}

/** Saves a fresh cluster as the template (best effort, whole or not at all). */
export async function saveTemplate(fresh: PGlite, path: string | null): Promise<void> {
  if (path === null) {
    return;
  }
  const dump = await fresh.dumpDataDir('gzip').catch(() => null);
  if (dump !== null) {
    await writeCacheFile(path, new Uint8Array(await dump.arrayBuffer()));
  }
}

/** Forgets a template that could not be loaded, so the next start makes a good one. */
export async function dropTemplate(path: string | null): Promise<void> {
  if (path !== null) {
    await rm(path, { force: true });
  }
}

/** Makes the template now unless it exists (`npm run build`): one throwaway in-memory cluster. */
export async function ensureTemplate(): Promise<string | null> {
  const path = await templatePath();
  if (path === null || (await stat(path).catch(() => null)) !== null) {
    return path;
  }
  const fresh = new PGlite();
  await fresh.waitReady;
  await saveTemplate(fresh, path);
  await fresh.close();
  return path;
}
