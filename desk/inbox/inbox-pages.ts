import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { errorBody } from '../web/error-body.ts';
import { PAGES } from './api-contract.ts';
import { precompressedFile } from './precompressed.ts';
import { pathPattern } from './route-table.ts';

/** Where `npm run build:inbox` writes the app (vite.inbox.config.ts). */
export const INBOX_DIST = fileURLToPath(new URL('../../dist/inbox/', import.meta.url));

/**
 * The inbox pages' Content-Security-Policy: scripts, styles, fonts and fetches from the desk
 * only, no inline script or style, no framing. `media-src https:` because call recordings are
 * played from the voice platform's storage (desk/inbox/api-contract.ts).
 */
export const INBOX_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "media-src 'self' https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The app's page paths, from the table (each answered with index.html; the app routes in the browser). */
const PAGE_PATTERNS = Object.values(PAGES).map((page) => pathPattern(page.path));
/** Built asset names carry a content hash: letters, digits, `-`, `_` and one extension. */
const ASSET = /^\/inbox\/assets\/([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[a-z0-9]+)$/;

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const NOT_BUILT =
  'The inbox is not built yet. Run `npm run build:inbox` (or `npm run build`), then reload.\n';

function pageHeaders(c: Context): void {
  c.header('content-security-policy', INBOX_CSP);
  c.header('x-frame-options', 'DENY');
  c.header('referrer-policy', 'same-origin');
}

/**
 * Serves the built inbox from `dist` (read on each request, so a rebuild needs no restart):
 * index.html for every page path under {@link INBOX_CSP}, the hashed assets cached for a
 * year, 404 for any other `/inbox/…` path, and a 503 saying to build when index.html is missing.
 * Each file goes out brotli- or gzip-compressed as the build made it (desk/inbox/precompressed.ts).
 */
export function mountInboxPages(app: Hono, dist = INBOX_DIST): void {
  const handler = async (c: Context) => {
    const path = c.req.path;
    pageHeaders(c);
    if (PAGE_PATTERNS.some((pattern) => pattern.test(path))) {
      const html = await precompressedFile(c, join(dist, 'index.html'), {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      });
      return html ?? c.text(NOT_BUILT, 503, { 'cache-control': 'no-store' });
    }
    const name = ASSET.exec(path)?.[1];
    const type = name ? TYPES[extname(name)] : undefined;
    c.header('x-content-type-options', 'nosniff');
    const file =
      name && type
        ? await precompressedFile(c, join(dist, 'assets', name), {
            'content-type': type,
            'cache-control': 'public, max-age=31536000, immutable',
          })
        : null;
    return file ?? errorBody(c, 404, 'not-found', 'No such page');
  };
  app.get('/inbox', handler);
  app.get('/inbox/*', handler);
}
