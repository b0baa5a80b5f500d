import type { Plugin } from 'vite';

// Vite wraps every dynamic import() in a helper that first preloads the imported chunk's CSS
// and, with module preloading on, its JavaScript dependencies. A build with one stylesheet and
// `modulePreload: false` gives that helper nothing to do, yet ships it (about 0.9 KB gzip) on
// the page's critical path. This plugin swaps it for a plain call, and fails the build if a
// dynamic import ever gets dependencies to preload, so the swap can never drop a stylesheet.

const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

const PLAIN_HELPER = `export const __vitePreload = (load) => load();`;

/** A dynamic import whose preload list is not empty, as Vite writes it into a chunk. */
const NON_EMPTY_DEPS = /__vite__mapDeps\(/;

/** Replaces Vite's preload helper with `load()` (see above). */
export function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === PRELOAD_HELPER_ID ? { code: PLAIN_HELPER, moduleSideEffects: false } : null;
    },
    // After every generateBundle hook: Vite writes the preload lists into the chunks in its own.
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && NON_EMPTY_DEPS.test(file.code)) {
          this.error(
            `${file.fileName} preloads dependencies of a dynamic import; plain-dynamic-imports would skip them`,
          );
        }
      }
    },
  };
}
