import type { Alias } from 'vite';

/**
 * `react`/`react-dom` resolved to preact/compat: the bundles that must stay small (the widget's,
 * vite.widget.config.ts, and the inbox's, vite.inbox.config.ts) are written against React's API
 * and ship Preact (~4 KB brotli where React 19's react-dom alone is ~58 KB).
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];
