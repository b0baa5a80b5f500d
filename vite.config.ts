import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { readChunkMap } from './scripts/chunk-map.ts';
import { chunkTest } from './scripts/chunk-map-build.ts';
import { plainDynamicImports } from './scripts/plain-dynamic-imports.ts';
import { pathTest, siteChunks } from './scripts/site-chunks.ts';
import { widgetRelease } from './scripts/widget-release.ts';
import { buildWarnings } from './site/build-warnings.ts';
import { parseSiteConfig, type SiteConfig } from './site/config.ts';
import { siteCopyPlugin } from './site/copy/copy-plugin.ts';
import { headTags } from './site/head.ts';
import { formStandInPlugin } from './site/server/form-stand-in.ts';
import { previewRoutesPlugin } from './site/server/preview-routes.ts';
import { compactWidgetCss } from './vite.widget.config.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// The dev server has no prerendered HTML: give it the landing page's <head> tags.
function devHeadPlugin(config: SiteConfig): Plugin {
  return {
    name: 'site-dev-head',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace('<!--app-head-->', headTags('landing', config))
        .replaceAll('<!--app-route-->', ''),
  };
}

// The site app (root: site/): dev server, build and preview. The test runner extends it from
// vitest.config.ts.
export default defineConfig(({ command, mode, isSsrBuild }) => {
  // Build settings come from the environment or .env files at the repository root; a bad value
  // stops here with the full list of problems (site/config.ts).
  const siteConfig = parseSiteConfig(loadEnv(mode, repoRoot, 'VITE_'));
  // The site's groups come from its import graph, as the widget's come from the chunk map: no
  // rule names a single file (scripts/site-chunks.ts).
  const site = siteChunks(repoRoot);
  const inSiteEntry = pathTest(site.entry, repoRoot);
  if (command === 'build' && !isSsrBuild) {
    // A deploy built without its endpoints must not look like one that delivers leads.
    for (const warning of buildWarnings(siteConfig)) {
      console.warn(`\n${warning}\n`);
    }
  }
  return {
    root: 'site',
    envDir: repoRoot,
    publicDir: 'public',
    plugins: [
      siteCopyPlugin(repoRoot),
      react(),
      // The widget's loader is part of what / loads up front: its CSS ships compact here too.
      compactWidgetCss,
      plainDynamicImports(),
      formStandInPlugin(),
      previewRoutesPlugin(),
      devHeadPlugin(siteConfig),
    ],
    define: {
      __SITE_CONFIG__: JSON.stringify(siteConfig),
      __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
      // The embed configurator's pinned snippet: version and SRI hashes of the widget build.
      __WIDGET_RELEASE__: JSON.stringify(widgetRelease()),
    },
    build: {
      outDir: '../dist/site',
      emptyOutDir: true,
      // The entry loads its chunks on purpose after the first paint (site/main.tsx): no preload
      // polyfill, and Vite's preload helper becomes a plain call (scripts/plain-dynamic-imports.ts).
      modulePreload: false,
      rollupOptions: {
        // The prerenderer's server build keeps the default chunks: it must never import the
        // widget's loader, which defines the element on import.
        output: isSsrBuild
          ? {}
          : {
              // React in one chunk and the site's shared modules in another, instead of a dozen
              // tiny ones: fewer requests and better compression (docs/behaviour.md#landing).
              advancedChunks: {
                groups: [
                  // The entry as one small script: main.tsx with what it needs before React (the
                  // route table, the hydration queue, the paint wait, Vite's import helper).
                  // Caught first, so no later group pulls these in as dependencies and makes the
                  // entry import React, or a second script, before the page has painted
                  // (docs/behaviour.md#landing). The stylesheet is linked from index.html, not
                  // imported here, or every lazy chunk would list it to preload.
                  {
                    name: 'site-entry',
                    priority: 1,
                    test: (id: string) => inSiteEntry(id) || /vite[\\/]preload-helper/.test(id),
                  },
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/,
                  },
                  // The app shell, and what the landing page shares with any other lazy chunk.
                  { name: 'site-shared', test: pathTest(site.shared, repoRoot) },
                  // The widget's loader as one file, as the widget build ships it (its row of the
                  // chunk map, docs/architecture.md): /embed's configurator reads the attribute list
                  // too, and without this group that list became a third chunk that / had to fetch
                  // beside the loader.
                  {
                    name: 'voice-assistant-loader',
                    test: chunkTest(readChunkMap(), 'voice-assistant.js', repoRoot),
                  },
                ],
              },
            },
      },
    },
    preview: { port: 4173, strictPort: true, host: '127.0.0.1' }, // npm start: scripts/start.ts (PORT)
  };
});
