import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotli, gzip } from '../../bench/compressed-size.ts';
import { mountInboxPages } from '../../desk/inbox/inbox-pages.ts';
import { startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';

// The desk serves the built inbox precompressed (desk/inbox/precompressed.ts): a build folder laid
// out as `npm run build:inbox` writes it (each text file beside its `.br` and `.gz`), read over
// real HTTP with node:http, which neither asks for nor undoes a coding by itself.

const SCRIPT = `export const answer = ${JSON.stringify('the inbox '.repeat(400))};\n`;
const HTML = `<!doctype html><html lang="en"><head><title>Inbox</title></head><body>${'<p>x</p>'.repeat(100)}</body></html>`;
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
let dir: string;
let desk: TestDesk;

async function built(path: string, data: string | Buffer, variants = true): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  await writeFile(join(dir, path), bytes);
  if (variants) {
    await writeFile(join(dir, `${path}.br`), brotli(bytes));
    await writeFile(join(dir, `${path}.gz`), gzip(bytes));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inbox-static-'));
  await mkdir(join(dir, 'assets'));
  await built('index.html', HTML);
  await built('assets/index-Ab12_cd.js', SCRIPT);
  await built('assets/mark-Zz9.png', IMAGE, false);
  desk = await startTestDesk(
    {},
    { deliver: false, weeklyReport: false, mounts: [(app) => mountInboxPages(app, dir)] },
  );
}, 120_000);
afterAll(async () => {
  await desk?.close();
  await rm(dir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET sending exactly the headers given: no Accept-Encoding unless the test sets one. */
function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${desk.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const ASSET = '/inbox/assets/index-Ab12_cd.js';

describe('the inbox served precompressed', () => {
  it('sends brotli to a browser that accepts it, cached for a year as immutable', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/^accept-encoding$/i);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/^accept-encoding$/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client without Accept-Encoding', async () => {
    const res = await get(ASSET);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/^accept-encoding$/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('honours q-values: a refused coding is never sent, a preferred one wins', async () => {
    expect(
      (await get(ASSET, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'],
    ).toBe('gzip');
    expect(
      (await get(ASSET, { 'accept-encoding': 'br;q=0.5, gzip;q=1' })).headers['content-encoding'],
    ).toBe('gzip');
    expect((await get(ASSET, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
    const plain = await get(ASSET, { 'accept-encoding': 'identity, br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('compresses the page itself, under its CSP and never cached as immutable', async () => {
    const res = await get('/inbox/sign-in', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/^accept-encoding$/i);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(res.body).toString()).toBe(HTML);
  });

  it('sends a file the build did not compress as it is, whatever the client accepts', async () => {
    const res = await get('/inbox/assets/mark-Zz9.png', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body.equals(IMAGE)).toBe(true);
  });

  it('never answers a compressed file by its own name', async () => {
    for (const path of [`${ASSET}.br`, `${ASSET}.gz`, '/inbox/index.html.br']) {
      expect((await get(path, { 'accept-encoding': 'br' })).status, path).toBe(404);
    }
  });
});
