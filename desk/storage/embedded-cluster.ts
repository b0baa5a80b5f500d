import { mkdir, readdir, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { dropTemplate, readTemplate, saveTemplate, templatePath } from './embedded-template.ts';
import {
  copySchemaTemplate,
  dropSchemaTemplate,
  findSchemaTemplate,
  isCluster,
  type SchemaTemplate,
} from './schema-template.ts';

// The embedded database's cluster, opened in its folder: PGlite's settings, and how a new
// folder is made (a copy of the migrated template, else initdb's template and the migrations
// to come, else initdb). database.ts puts Kysely and the migrations on top.

/**
 * PGlite's settings beside its defaults. PostgreSQL's default 128 MB of shared buffers are all
 * touched at start inside the WASM heap, so an idle desk held some 330 MB. A capture touches
 * the ends of its tables and a few index pages, and the operating system caches the files as
 * well: 16 MB holds that working set (3,000 captures in a row take no longer per capture than
 * with 32 MB) and keeps a desk restarted on a used folder, delivering its backlog, under 250 MB
 * (issue 31 #15).
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

// Only an empty folder is new: one with files but no cluster yet is being made by another desk
// (two started at once), or is damaged, and loading the template over it would mix the two.
async function isEmpty(dataDir: string): Promise<boolean> {
  return (await readdir(dataDir)).length === 0;
}

/** Whether an embedded database folder is new: absent, or empty (see {@link isEmpty}). */
export function isNewEmbedded(dataDir: string): Promise<boolean> {
  return isEmpty(dataDir).catch(
    (error: unknown) => (error as { code?: unknown }).code === 'ENOENT',
  );
}

/** Where a new embedded folder's templates come from (database.ts's `DatabaseTarget`). */
export interface Templates {
  templateFile?: string | null;
  schemaTemplate?: SchemaTemplate | null;
}

/**
 * Opens the new folder `dataDir` as a copy of the migrated `template`, or returns null when the
 * copy fails to open (a damaged template, dropped if the cache's; the folder emptied again). A
 * copy that cannot be put in place (another desk took the folder first) fails the open.
 */
async function openCopy(dataDir: string, template: SchemaTemplate): Promise<PGlite | null> {
  await copySchemaTemplate(template.dir, dataDir);
  try {
    const client = new PGlite(dataDir, PGLITE_OPTIONS);
    await client.waitReady;
    return client;
  } catch {
    await dropSchemaTemplate(template);
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    return null;
  }
}

/** An open cluster, and where to keep it once migrated when it is a new folder made now. */
export interface OpenedCluster {
  client: PGlite;
  keepAs: string | null;
}

// A new folder is a copy of the migrated template when there is one (schema-template.ts); else
// its cluster starts from the initdb template (embedded-template.ts), else by initdb, after which
// it becomes the initdb template, and once migrated the migrated one, for the next new folder.
export async function openCluster(
  dataDir: string | null,
  templates: Templates,
): Promise<OpenedCluster> {
  if (dataDir === null) {
    // In memory (tests): PGlite runs initdb even when given a template, so there is none to use.
    const client = new PGlite(PGLITE_OPTIONS);
    await client.waitReady;
    return { client, keepAs: null };
  }
  const fresh = await isEmpty(dataDir);
  const schema = !fresh
    ? null
    : templates.schemaTemplate === undefined
      ? await findSchemaTemplate()
      : templates.schemaTemplate;
  if (schema !== null && (await isCluster(schema.dir))) {
    const copied = await openCopy(dataDir, schema);
    if (copied !== null) {
      return { client: copied, keepAs: null };
    }
  }
  const keepAs = schema?.cached ? schema.dir : null;
  const { templateFile } = templates;
  const path = templateFile === undefined ? await templatePath() : templateFile;
  const template = fresh ? await readTemplate(path) : null;
  if (template !== null) {
    try {
      const client = new PGlite(dataDir, { ...PGLITE_OPTIONS, loadDataDir: template });
      await client.waitReady;
      return { client, keepAs };
    } catch {
      await dropTemplate(path);
      // Whatever the failed load wrote would look like a broken cluster to initdb.
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
    }
  }
  const client = new PGlite(dataDir, PGLITE_OPTIONS);
  await client.waitReady;
  if (fresh) {
    await saveTemplate(client, path);
  }
  return { client, keepAs: fresh ? keepAs : null };
}
