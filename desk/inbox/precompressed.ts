import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';

/** A content coding the desk can answer with; `identity` is the file as built. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The file beside the built one that holds each coding (scripts/precompress-plugin.ts). */
const SUFFIX: Readonly<Record<Exclude<Encoding, 'identity'>, string>> = { br: '.br', gzip: '.gz' };

/**
 * The codings a client accepts, best first: brotli, then gzip, each only when the
 * `Accept-Encoding` header gives it (by name or `*`) a non-zero q; a higher q wins over the
 * order. `identity` always ends the list: every client can read the plain file.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') {
      continue;
    }
    const weight = params.find((p) => p.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const weightOf = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const coded = (['br', 'gzip'] as const)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  return [...coded, 'identity'];
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Answers a built file in the best coding the client accepts that the build made (read on each
 * request, so a rebuild needs no restart), with `Vary: Accept-Encoding` so a shared cache keeps
 * one copy per coding. Resolves null when the file itself is missing.
 */
export async function precompressedFile(
  c: Context,
  path: string,
  headers: { 'content-type': string; 'cache-control': string },
): Promise<Response | null> {
  for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
    const body = await readOrNull(encoding === 'identity' ? path : `${path}${SUFFIX[encoding]}`);
    if (body) {
      return c.body(new Uint8Array(body), 200, {
        ...headers,
        vary: 'Accept-Encoding',
        ...(encoding !== 'identity' && { 'content-encoding': encoding }),
      });
    }
  }
  return null;
}
