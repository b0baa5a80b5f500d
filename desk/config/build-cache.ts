import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// What the desk can always make again but takes seconds to make at start (a fresh database
// cluster, the platform's compiled message validators) is made once, by `npm run build` or by
// the first start that needs it, and kept where tools keep such things: node_modules/.cache.

/** The desk's cache folder inside the install's node_modules, or null without one. */
export function deskCacheDir(): string | null {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const at = entry.lastIndexOf(`${sep}node_modules${sep}`);
  return at < 0 ? null : join(entry.slice(0, at), 'node_modules', '.cache', 'hearthline-desk');
}

/**
 * Writes a cache file whole or not at all: beside it under a unique name, then renamed, so
 * processes making it at once never leave half a file. Best effort: on a read-only install the
 * desk only loses the speed-up, so a failure is swallowed.
 */
export async function writeCacheFile(path: string, bytes: Uint8Array | string): Promise<void> {
  const partial = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(partial, bytes);
    await rename(partial, path);
  } catch {
    await rm(partial, { force: true });
  }
}
