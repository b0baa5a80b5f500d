import { resolve } from 'node:path';
import { bundleDesk } from './desk-bundle.ts';

// npm run build:desk: the desk as plain JavaScript in dist/desk (scripts/desk-bundle.ts), which
// `npm run desk` runs when it is current (desk/launch.mjs).
await bundleDesk(resolve('dist/desk'));
