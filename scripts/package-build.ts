import { build } from 'vite';
import { writePackageTypes } from './package-types.ts';

// npm run build:package: the npm package's ES entries (dist/pkg/*.js, vite.package.config.ts) and
// their declarations (dist/pkg/*.d.ts). The `./umd` and `./custom-elements.json` entries are the
// widget build's files (dist/widget), so `npm run build:widget` runs before `npm pack`.
await build({ configFile: 'vite.package.config.ts', logLevel: 'warn' });
writePackageTypes('dist/pkg');
