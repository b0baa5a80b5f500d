import type { Plugin } from 'vite';
import { checkCopyFiles } from './check-copy.ts';

/**
 * Checks the landing page's copy files (`site/copy/*.json`) when a build or the dev server
 * starts: a bad file stops it with the file, the field and what is expected.
 */
export function siteCopyPlugin(root: string): Plugin {
  return {
    name: 'site-copy-check',
    buildStart() {
      checkCopyFiles(root);
    },
  };
}
