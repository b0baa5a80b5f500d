import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BrowserFixture, browserFixture } from './browser-fixture.ts';
import type { LaunchOptions } from './chromium.ts';
import { freePort } from './free-port.ts';

/** Runs a command to its end; rejects with its output when it fails. */
function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env, NODE_OPTIONS: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${args.join(' ')} failed:\n${output}`)),
    );
  });
}

/** The built site and the port its widgets' leads go to, where the test starts its desk. */
export interface DeskSite {
  site: BrowserFixture;
  /** The desk's port, chosen before the build (read it in `beforeAll`). */
  deskPort(): number;
}

/**
 * The site as `npm start` builds it (docs/leads.md#the-sites-widgets-and-the-desk): built and
 * prerendered into its own folder under dist/ with `VITE_LEAD_ENDPOINT` at a free loopback port,
 * where the test then starts a desk; served to a Chromium launched with `launch`.
 */
export function deskSiteFixture(launch: LaunchOptions, name: string): DeskSite {
  // Inside the repository (dist/ is ignored): the prerender's server build imports react-dom.
  mkdirSync('dist', { recursive: true });
  const siteDir = resolve(mkdtempSync(join('dist', `${name}-`)));
  let port = 0;
  const site = browserFixture({
    launch,
    serve: async () => {
      port = await freePort();
      const env = { VITE_LEAD_ENDPOINT: `http://127.0.0.1:${port}/leads`, SITE_OUT_DIR: siteDir };
      await run(['node_modules/vite/bin/vite.js', 'build', '--outDir', siteDir], env);
      await run(['--import', 'tsx', 'scripts/prerender.ts'], env);
      return { mounts: { '/': siteDir }, fallback: join(siteDir, 'index.html') };
    },
    cleanup: () => {
      rmSync(siteDir, { recursive: true, force: true });
      rmSync(`${siteDir}-ssr`, { recursive: true, force: true });
    },
    timeoutMs: 240_000,
  });
  return { site, deskPort: () => port };
}
