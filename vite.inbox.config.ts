import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The broker's inbox (desk/inbox/app): a React app the desk serves at `/inbox` on its own port,
 * under a strict CSP (`script-src 'self'; style-src 'self'`): one entry script, one stylesheet,
 * no inline code. The numbers page's charts and their library (Chart.js) are a lazy chunk, so
 * the first load stays small (docs/inbox.md). `npm run build:inbox` writes dist/inbox.
 */
export default defineConfig({
  root: 'desk/inbox/app',
  base: '/inbox/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('dist/inbox', import.meta.url)),
    emptyOutDir: true,
    // No inline preload polyfill, no data: URLs for small assets (CSP: 'self' only).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/,
            },
          ],
        },
      },
    },
  },
});
