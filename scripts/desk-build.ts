import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../desk/storage/database.ts';
import { shipSchemaTemplate } from '../desk/storage/schema-template.ts';
import { bundleDesk } from './desk-bundle.ts';

// npm run build:desk: the desk as plain JavaScript in dist/desk (scripts/desk-bundle.ts), which
// `npm run desk` runs when it is current (desk/launch.mjs), and beside it the migrated template
// a new embedded folder is copied from (desk/storage/schema-template.ts, docs/desk.md#storage).
const out = resolve('dist/desk');
await bundleDesk(out);
const work = await mkdtemp(join(tmpdir(), 'desk-template-'));
try {
  const cluster = join(work, 'db');
  // Opened and closed here, so the shipped copy is a cleanly stopped cluster.
  const database = await openDatabase({ kind: 'embedded', dataDir: cluster });
  await database.close();
  await shipSchemaTemplate(cluster, out);
} finally {
  await rm(work, { recursive: true, force: true });
}
