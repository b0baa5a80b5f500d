import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { NOT_SHIPPED, readChunkMap } from './scripts/chunk-map.ts';
import {
  builtChunks,
  chunkMapProblems,
  chunkTest,
  LOADER_FILE,
} from './scripts/chunk-map-build.ts';
import { PREACT_ALIASES } from './scripts/preact-aliases.ts';

/**
 * The embeddable widget, built twice from widget/entries/bundle.ts (scripts/widget-build.ts runs
 * both):
 * - mode `production` (default): the ES build. `dist/widget/voice-assistant.js` is the tiny
 *   loader; the React UI, the demo assistant and daily-js are chunks under `chunks/`, fetched
 *   only on intent. Modules the loader and the UI share stay in the loader file
 *   (`preserveEntrySignatures: 'allow-extension'`), so before intent it is the only request.
 * - mode `umd`: `dist/widget/voice-assistant.umd.js`, one self-contained file (code splitting
 *   off, every dynamic import inlined) exposing the global `VoiceAssistant`.
 *
 * The UI is written against React's API and rendered into an internal custom element
 * (widget/ui/view-element.ts). In these bundles `react`/`react-dom` resolve to preact/compat,
 * which keeps the whole after-click download under budget (React 19's react-dom alone is
 * ~64 KB gzip); `WIDGET_RUNTIME=react` builds with React itself. The site bundle and the unit
 * tests always use React.
 *
 * `ANALYZE=1` (or `npm run build:widget -- --analyze`) writes rollup-plugin-visualizer treemaps
 * to dist/widget/stats*.html.
 */

/**
 * UMD: the demo's voice clips resolve against the script's own URL, captured by `intro` while
 * the file runs. (Vite's default reads document.currentScript when the asset's module first
 * runs; in one inlined file that is the lazily run demo module, long after the script ended,
 * so the clips would resolve against the page.) The ES build uses import.meta.url.
 */
const UMD_BASE = 'voiceAssistantScriptUrl';
const UMD_BASE_INTRO = `var ${UMD_BASE} = typeof document < "u" && document.currentScript && document.currentScript.src || typeof location < "u" && location.href || "";`;
const umdAssetUrls: Plugin = {
  name: 'voice-assistant:umd-asset-urls',
  enforce: 'pre',
  resolveFileUrl: ({ relativePath }) =>
    `new URL(${JSON.stringify(relativePath)}, ${UMD_BASE}).href`,
};

/**
 * `new URL('./audio/x.webm', import.meta.url)` is how widget code names a file it ships (plain
 * JavaScript, so Node and other bundlers load those modules too). Vite resolves that pattern in
 * apps but not in library builds, so here each one becomes an emitted asset (its own file, never
 * inlined) whose URL the output format resolves: `import.meta.url` in ES, the script's URL in UMD.
 */
export const SHIPPED_FILE =
  /new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.(?:webm|mp3|wav|svg|png))\1\s*,\s*import\.meta\.url\s*\)/g;
export const shippedFiles: Plugin = {
  name: 'voice-assistant:shipped-files',
  async transform(code, id) {
    if (!code.includes('import.meta.url')) {
      return null;
    }
    let result = code;
    for (const [pattern, , relativePath = ''] of code.matchAll(SHIPPED_FILE)) {
      const file = resolve(dirname(id), relativePath);
      const ref = this.emitFile({
        type: 'asset',
        name: basename(file),
        source: await readFile(file),
      });
      result = result.replace(pattern, `new URL(import.meta.ROLLUP_FILE_URL_${ref})`);
    }
    return result === code ? null : { code: result, map: null };
  },
};

/**
 * The widget's stylesheets, `styles.ts` and `styles-*.ts` anywhere in the contract (`element/`):
 * template literals of plain CSS, without interpolation.
 */
const WIDGET_STYLES = /[\\/]widget[\\/]element[\\/](?:[^\\/]+[\\/])*styles(-[a-z]+)?\.ts$/;

/**
 * Collapses the whitespace of the widget's CSS, which ships as a string (the loader carries its
 * sheet, so every byte counts against the before-intent budget). Whitespace goes around
 * `{ } ; , >`, after `:`, before `!important` and around the alpha's `/` in `rgb(0 0 0 / 0.25)`,
 * never elsewhere inside a value (`calc(100% - 40px)` keeps its spaces); a number's leading zero
 * goes too (`0.25` is `.25`), and the quotes of an attribute selector's one-word value.
 */
export function compactCss(css: string): string {
  return css
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .replace(/ !important/g, '!important')
    .replace(/(rgb\([\d ]+) \/ /g, '$1/')
    .replace(/([ :(,/])0\.(\d)/g, '$1.$2')
    .replace(/="([a-z]+)"\]/g, '=$1]')
    .trim();
}

export const compactWidgetCss: Plugin = {
  name: 'voice-assistant:compact-css',
  transform(code, id) {
    if (!WIDGET_STYLES.test(id)) {
      return null;
    }
    const result = code.replace(/= `([^`$]*)`;/g, (_, css: string) => `= \`${compactCss(css)}\`;`);
    return result === code ? null : { code: result, map: null };
  },
};

const REPO_ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * The ES build follows the chunk map (docs/architecture.md): each chunk starts at its row's
 * "Loaded by" `import()`, and the build fails when a module lands in a chunk its row does not give
 * it, so a rename or a new static import cannot silently move code between the files a visitor
 * downloads. (A code-splitting group for a lazy chunk would wrap it in a namespace object and add
 * a runtime chunk, 0.2 KB gzip after the click, or split it in two files: only the shared chunks
 * are groups, `sharedChunkGroups`.)
 */
export const followChunkMap: Plugin = {
  name: 'voice-assistant:chunk-map',
  generateBundle(_options, bundle) {
    const built = builtChunks(Object.values(bundle), REPO_ROOT);
    const problems = chunkMapProblems(readChunkMap(), built);
    if (problems.length > 0) {
      this.error(
        `the build differs from the chunk map (docs/architecture.md):\n${problems.join('\n')}`,
      );
    }
  },
};

/**
 * The shared chunks of the chunk map (rows with no "Loaded by": `define-resource`), each a
 * code-splitting group of the folders its row names. A lazy chunk instead starts at its row's
 * `import()`; a group there would split it in two files.
 */
function sharedChunkGroups(): Rolldown.CodeSplittingGroup[] {
  const map = readChunkMap();
  return map.chunks
    .filter(
      (chunk) =>
        chunk.loadedBy.length === 0 && chunk.name !== LOADER_FILE && chunk.name !== NOT_SHIPPED,
    )
    .map((chunk) => ({
      name: chunk.name,
      test: chunkTest(map, chunk.name, REPO_ROOT),
      includeDependenciesRecursively: false,
    }));
}

export default defineConfig(({ mode }) => {
  const umd = mode === 'umd';
  const plugins: PluginOption[] = [react(), shippedFiles, compactWidgetCss];
  if (umd) {
    plugins.unshift(umdAssetUrls);
  } else {
    plugins.push(followChunkMap);
  }
  if (process.env.ANALYZE) {
    plugins.push(
      visualizer({
        filename: `dist/widget/stats${umd ? '-umd' : ''}.html`,
        template: 'treemap',
        gzipSize: true,
        brotliSize: true,
      }) as PluginOption,
    );
  }
  return {
    plugins,
    // Relative base: emitted assets (the demo assistant's voice clips) resolve against the module
    // that loads them (`new URL(…, import.meta.url)`), wherever the widget is hosted.
    base: './',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    resolve: { alias: process.env.WIDGET_RUNTIME === 'react' ? [] : PREACT_ALIASES },
    build: {
      outDir: 'dist/widget',
      emptyOutDir: !umd,
      copyPublicDir: false,
      // Never inline an asset as a data: URL: a strict host CSP (media-src) would block it.
      assetsInlineLimit: 0,
      target: 'es2022',
      lib: {
        entry: 'widget/entries/bundle.ts',
        name: 'VoiceAssistant',
        formats: [umd ? 'umd' : 'es'],
        fileName: () => (umd ? 'voice-assistant.umd.js' : 'voice-assistant.js'),
      },
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          // Vite keeps whitespace in ES library builds; this file ships to browsers as is.
          minify: true,
          // Licences stay; pure annotations only help a later bundler, and these files ship to
          // browsers as they are (about 0.2 KB gzip after the click).
          comments: { legal: true, annotation: false, jsdoc: false },
          assetFileNames: 'assets/[name]-[hash][extname]',
          ...(umd
            ? { codeSplitting: false, intro: UMD_BASE_INTRO }
            : {
                chunkFileNames: 'chunks/[name]-[hash].js',
                codeSplitting: { groups: sharedChunkGroups() },
              }),
        },
      },
    },
  };
});
