import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PREACT_ALIASES } from './scripts/preact-aliases.ts';
import { precompress } from './scripts/precompress-plugin.ts';

/**
 * The broker's inbox (desk/inbox/app): an app written against React's API that the desk serves
 * at `/inbox` on its own port, under a strict CSP (`script-src 'self'; style-src 'self'`): one
 * entry script, one stylesheet, no inline code. The entry holds the shell and the sign-in page;
 * each signed-in page is a lazy chunk (app/page-views.ts), and the numbers page's charts with
 * Chart.js another, so `/inbox/sign-in` loads only what signing in needs (docs/inbox.md).
 * `react`/`react-dom` resolve to preact/compat (scripts/preact-aliases.ts), as in the widget:
 * React 19's react-dom alone is ~58 KB brotli, nearly the sign-in page's whole 60 KB budget.
 * Every text file is also written as `.br` and `.gz` for the desk to serve
 * (scripts/precompress-plugin.ts). `npm run build:inbox` writes dist/inbox.
 */
export default defineConfig({
  root: 'desk/inbox/app',
  base: '/inbox/',
  publicDir: false,
  plugins: [react(), precompress()],
  resolve: { alias: PREACT_ALIASES },
  build: {
    outDir: fileURLToPath(new URL('dist/inbox', import.meta.url)),
    emptyOutDir: true,
    // No inline preload polyfill, no data: URLs for small assets (CSP: 'self' only).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // Preact and the bundler's runtime, shared by the entry and every page: one named chunk
        // that stays cached while the app's code changes.
        codeSplitting: {
          groups: [{ name: 'preact', test: /node_modules[\\/]preact[\\/]|rolldown[\\/]runtime/ }],
        },
      },
    },
  },
});
