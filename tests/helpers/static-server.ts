import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotli, gzip } from '../../bench/compressed-size.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.webm': 'audio/webm',
  '.map': 'application/json',
};

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface StaticServerOptions {
  /** Directories to serve, keyed by URL prefix: `{ '/': 'dist/site', '/widget/': 'dist/widget' }`. */
  mounts: Record<string, string>;
  /** Served for an unknown path without an extension (client-side routes). */
  fallback?: string;
  /** Headers added to every response, for example a Content-Security-Policy. */
  headers?: Record<string, string>;
  /** Exact-path handlers checked before the files, for fixtures and fake services. */
  routes?: Record<string, RouteHandler>;
  /** Served with status 404 for a path that matches no file (e.g. the site's `404.html`). */
  notFound?: string;
  /**
   * Serve as a production host would: text files brotli- or gzip-compressed by Accept-Encoding,
   * hashed `/assets/` cached for a year. Off by default: tests want plain, uncached bytes.
   */
  production?: boolean;
}

export interface StaticServer {
  readonly url: string;
  /** Every path requested, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

function resolveFile(mounts: Record<string, string>, pathname: string): string | undefined {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  for (const prefix of prefixes) {
    if (!pathname.startsWith(prefix)) {
      continue;
    }
    const root = resolve(mounts[prefix] as string);
    const rest = decodeURIComponent(pathname.slice(prefix.length));
    const candidate = normalize(join(root, rest));
    if (candidate !== root && !candidate.startsWith(root + sep)) {
      return undefined;
    }
    for (const file of [candidate, join(candidate, 'index.html'), `${candidate}.html`]) {
      if (existsSync(file) && statSync(file).isFile()) {
        return file;
      }
    }
  }
  return undefined;
}

interface Packed {
  br: Buffer;
  gzip: Buffer;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

/** Sends `file` compressed when the client accepts it, with long caching for hashed assets. */
function sendProduction(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  file: string,
  type: string,
  pathname: string,
  cache: Map<string, Packed>,
): void {
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': pathname.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
    vary: 'accept-encoding',
  };
  let body: Buffer = readFileSync(file);
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  if (encoding && COMPRESSIBLE.test(type)) {
    let entry = cache.get(file);
    if (!entry) {
      entry = { br: brotli(body), gzip: gzip(body) };
      cache.set(file, entry);
    }
    body = entry[encoding];
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = String(body.length);
  res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
}

/** Serves built output on 127.0.0.1 with an ephemeral port. */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const requests: string[] = [];
  const packed = new Map<string, Packed>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      res.setHeader(name, value);
    }
    const route = options.routes?.[url.pathname];
    if (route) {
      await route(req, res);
      return;
    }
    let status = 200;
    let file = resolveFile(options.mounts, url.pathname);
    if (!file && options.fallback && extname(url.pathname) === '') {
      file = options.fallback;
    }
    if (!file && options.notFound) {
      status = 404;
      file = options.notFound;
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (options.production) {
      sendProduction(req, res, status, file, type, url.pathname, packed);
      return;
    }
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
