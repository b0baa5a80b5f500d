import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.webm': 'audio/webm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.txt', '.xml', '.json']);

export interface CompressedServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site the way a production host would: brotli or gzip by Accept-Encoding,
 * long-lived caching for hashed assets, `/assistant` from assistant.html, 404.html otherwise.
 */
export async function serveCompressed(root: string): Promise<CompressedServer> {
  const base = resolve(root);
  const cache = new Map<string, { br: Buffer; gzip: Buffer }>();
  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    const clean = normalize(join(base, decodeURIComponent(pathname)));
    if (clean !== base && !clean.startsWith(base + sep)) {
      res.writeHead(400).end();
      return;
    }
    let status = 200;
    let file = [clean, join(clean, 'index.html'), `${clean}.html`].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (!file) {
      status = 404;
      file = join(base, '404.html');
      if (!existsSync(file)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
    }
    const ext = extname(file);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
    };
    let body: Buffer = readFileSync(file);
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.has(ext) && /\b(br|gzip)\b/.test(accept)) {
      let packed = cache.get(file);
      if (!packed) {
        packed = {
          br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: gzipSync(body, { level: 9 }),
        };
        cache.set(file, packed);
      }
      const useBrotli = /\bbr\b/.test(accept);
      body = useBrotli ? packed.br : packed.gzip;
      headers['content-encoding'] = useBrotli ? 'br' : 'gzip';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
