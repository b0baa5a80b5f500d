import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import type { Plugin } from 'vite';
import { PRERENDERED_ROUTES, routeForPath } from '../paths.ts';

/**
 * `vite preview` serves the prerendered pages the way a static host would: each route's own
 * HTML file (so `/assistant/` works too), and `404.html` with status 404 for unknown paths
 * instead of the landing page.
 */
export function previewRoutesPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'site-preview-routes',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    configurePreviewServer(server) {
      server.middlewares.use(
        (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
          const pathname = new URL(req.url ?? '/', 'http://preview').pathname;
          const wantsPage =
            (req.method === 'GET' || req.method === 'HEAD') && extname(pathname) === '';
          if (!wantsPage || pathname.startsWith('/forms/')) {
            next();
            return;
          }
          const route = routeForPath(pathname);
          const file = PRERENDERED_ROUTES.find((entry) => entry.route === route)?.file;
          if (!file) {
            next();
            return;
          }
          readFile(join(outDir, file))
            .then((html) => {
              res
                .writeHead(route === 'not-found' ? 404 : 200, {
                  'content-type': 'text/html; charset=utf-8',
                  'cache-control': 'no-cache',
                })
                .end(req.method === 'HEAD' ? undefined : html);
            })
            .catch(() => next());
        },
      );
    },
  };
}
