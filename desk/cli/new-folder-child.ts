import { spawn } from 'node:child_process';
import type { DeskEnv } from '../config/desk-env.ts';
import { EmbeddedDatabaseError, embeddedDir } from '../storage/database.ts';
import { isNewEmbedded } from '../storage/embedded-cluster.ts';
import { hasSchemaTemplate } from '../storage/schema-template.ts';

// PostgreSQL in WASM never gives back the memory it grew to: loading a new cluster and running
// every migration on it left a desk idling about 100 MB above the same desk reopening the
// folder (issue 31 #15; closing and reopening in the same process gives nothing back either).
// A new folder is a copy of the migrated template when there is one (schema-template.ts), which
// opens as an existing folder. Without one, the new folder is made by a child process running
// `migrate` (which also leaves the template for the next), and the desk then opens it as an
// existing one.

/**
 * This process's Node flags for the child, less those that would make it a second profile or
 * inspector (its loader, tsx from source, must go with it).
 */
function childFlags(): string[] {
  const flags: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    if (!/^--(cpu-prof|heap-prof|prof|inspect)/.test(flag)) {
      flags.push(flag);
    } else if (/^--(cpu|heap)-prof-(dir|name|interval)$/.test(flag)) {
      i += 1; // its value, given as the next argument
    }
  }
  return flags;
}

/** The child's exit code, or null when it could not be started; its last line of stderr. */
function runMigrate(script: string): Promise<{ code: number | null; said: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...childFlags(), script, 'migrate'], {
      env: process.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
    });
    child.once('error', () => resolve({ code: null, said }));
    child.once('exit', (code) => resolve({ code, said: said.trim().split('\n').at(-1) ?? '' }));
  });
}

/**
 * Makes a new embedded folder in a child process (the desk's own entry, `migrate`). A child that
 * could not start, or failed before touching the folder, leaves the start to make it as before;
 * one that failed after (another desk making the same folder) stops the start, as opening a
 * half-made folder would.
 */
export async function makeNewFolderInChild(env: DeskEnv): Promise<void> {
  const script = process.argv[1];
  const dataDir = embeddedDir(env);
  if (
    env.databaseUrl !== null ||
    script === undefined ||
    !(await isNewEmbedded(dataDir)) ||
    (await hasSchemaTemplate())
  ) {
    return;
  }
  const { code, said } = await runMigrate(script);
  if (code !== 0 && !(await isNewEmbedded(dataDir))) {
    // The child's own EmbeddedDatabaseError sentence gives its cause in brackets: said once.
    const cause = /^Cannot open the embedded database in .*? \((.*)\)\. /.exec(said)?.[1] ?? said;
    throw new EmbeddedDatabaseError(dataDir, new Error(cause || `migrate exited with ${code}`));
  }
}
