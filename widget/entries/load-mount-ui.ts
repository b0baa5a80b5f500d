import type { LoadUi } from '../element/bridge.ts';

/**
 * The lazy boundary of the `mount-ui` chunk (docs/architecture.md, the chunk map): the UI,
 * fetched on the visitor's first sign of intent, then its language's texts.
 */
export const loadUi: LoadUi = (language) =>
  import('../ui/mount-ui.ts').then((ui) => ui.prepareUi(language));
