import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WidgetRelease } from '../site/lib/embed-snippets.ts';
import { sriHash } from './widget-snippet.ts';

// Read, not imported: vite.config.ts loads this file, and its config loader wants no JSON import.
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
};

/** Where the published package's files are served from, pinned to this version. */
export function cdnBase(): string {
  return `https://cdn.jsdelivr.net/npm/${name}@${version}/dist/widget`;
}

/**
 * The release the site's embed configurator pins: the package name and version, the CDN folder,
 * and the SRI hashes of the built loader and UMD file (`npm run build:widget` runs first in
 * `npm run build`). Without a widget build (dev server) the hashes are null and the page says so.
 */
export function widgetRelease(dir = 'dist/widget'): WidgetRelease {
  const module = join(dir, 'voice-assistant.js');
  const umd = join(dir, 'voice-assistant.umd.js');
  return {
    name,
    version,
    cdnBase: cdnBase(),
    integrity:
      existsSync(module) && existsSync(umd) ? { module: sriHash(module), umd: sriHash(umd) } : null,
  };
}
