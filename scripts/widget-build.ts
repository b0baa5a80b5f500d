import { build } from 'vite';
import { writeCustomElementsManifest } from './widget-manifest.ts';
import { embedSnippets } from './widget-snippet.ts';
import { writeWidgetTypes } from './widget-types.ts';

// npm run build:widget [-- --analyze]: the ES and UMD bundles, the .d.ts, custom-elements.json,
// then the embed snippet with its SRI hash. --analyze (or ANALYZE=1) adds visualizer treemaps.
if (process.argv.includes('--analyze')) {
  process.env.ANALYZE = '1';
}
const configFile = 'vite.widget.config.ts';
await build({ configFile, mode: 'production', logLevel: 'warn' });
await build({ configFile, mode: 'umd', logLevel: 'warn' });
writeWidgetTypes('dist/widget');
writeCustomElementsManifest('dist/widget/custom-elements.json');

const snippets = embedSnippets('dist/widget');
console.info(
  '\nEmbed <voice-assistant> from your own site (copy dist/widget/ there as /voice-assistant/):\n',
);
console.info(snippets.selfHosted);
console.info(
  '\nOr from a CDN once the package is published (paste the tag as printed, with its hash):\n',
);
console.info(snippets.module);
console.info('\nOr the single-file UMD build (global VoiceAssistant):\n');
console.info(snippets.umd);
if (process.env.ANALYZE) {
  console.info('\nBundle treemaps: dist/widget/stats.html, dist/widget/stats-umd.html');
}
