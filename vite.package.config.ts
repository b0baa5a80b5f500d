import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compactWidgetCss, shippedFiles } from './vite.widget.config.ts';

/**
 * The npm package's JavaScript (dist/pkg), built by scripts/package-build.ts: one ES build with an
 * entry per `exports` subpath, so every entry shares one copy of the element, the call client and
 * the API client (shared chunks under `chunks/`). Unminified: the host's bundler minifies.
 *
 * Two rules keep a second framework out of the host app:
 * - `./react` imports the host's own `react` (external, a peer dependency); nothing else does.
 * - The widget's UI, loaded lazily by the element, is written against React's API and runs on
 *   Preact, bundled inside that lazy chunk: the host's bundle graph reaches it only through the
 *   element's dynamic import, and no `preact` import is left for the host to resolve.
 *
 * `@daily-co/daily-js` stays an import (a dependency), loaded lazily at the first call.
 */
export const PACKAGE_ENTRIES = {
  index: 'widget/entries/package.ts',
  element: 'widget/entries/element.ts',
  call: 'widget/entries/call.ts',
  api: 'widget/entries/api.ts',
  react: 'widget/entries/react.ts',
} as const;

const PREACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

/** `react` for the React component (the host's copy); Preact for the widget's own UI. */
const reactPerImporter: Plugin = {
  name: 'voice-assistant:react-per-importer',
  enforce: 'pre',
  resolveId(source, importer, options) {
    const preact = PREACT[source];
    if (preact === undefined || importer === undefined) {
      return null;
    }
    if (importer.replaceAll('\\', '/').includes('/widget/react/')) {
      return { id: source, external: true };
    }
    return this.resolve(preact, importer, { ...options, skipSelf: true });
  },
};

/** Next.js and other React Server Components hosts must run the component on the client. */
const USE_CLIENT = "'use client';";

export default defineConfig({
  plugins: [reactPerImporter, react(), shippedFiles, compactWidgetCss],
  base: './',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/pkg',
    emptyOutDir: true,
    copyPublicDir: false,
    assetsInlineLimit: 0,
    target: 'es2022',
    minify: false,
    lib: {
      entry: PACKAGE_ENTRIES,
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      external: ['@daily-co/daily-js'],
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? USE_CLIENT : ''),
      },
    },
  },
});
