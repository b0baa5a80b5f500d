import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The package as a user gets it: `npm pack` writes the tarball the registry would serve, and each
 * fresh project gets it unpacked into its own `node_modules` (what `npm install <tarball>` does
 * for the package itself). The projects' other dependencies are links to this repository's
 * `node_modules`, so nothing is fetched: no registry, no network.
 */

const REPO_MODULES = resolve('node_modules');

/** The package's name as published (package.json). */
export const PACKAGE_NAME = 'voice-assistant-widget';

export interface Tarball {
  path: string;
  bytes: number;
}

/** Packs the repository (its `files` whitelist, after the build) into `dir`. */
export function packTarball(dir: string): Tarball {
  const output = execFileSync(
    'npm',
    ['pack', '--pack-destination', dir, '--ignore-scripts', '--json', '--silent'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const [info] = JSON.parse(output) as Array<{ filename: string }>;
  if (!info) {
    throw new Error('npm pack reported no tarball');
  }
  const path = join(dir, info.filename);
  return { path, bytes: statSync(path).size };
}

/** React 18 and its DOM renderer, kept in their own workspace (tests/fixtures/react18). */
export const REACT_18_MODULES = resolve('tests/fixtures/react18/node_modules');

/** A package linked from another `node_modules` than the repository's. */
export interface LinkFrom {
  name: string;
  /** The `node_modules` folder that holds it. */
  from: string;
}

export interface ProjectOptions {
  /** Packages linked from this repository's node_modules (e.g. `react`, `vite`), or from elsewhere. */
  links: readonly (string | LinkFrom)[];
  /** Files copied into the project: target path → source path (a file or a folder). */
  copies?: Readonly<Record<string, string>>;
  /** Files written into the project: path → text. */
  files?: Readonly<Record<string, string>>;
}

/** A fresh project in `dir` with the tarball installed and `links` resolvable. */
export function createProject(dir: string, tarball: Tarball, options: ProjectOptions): string {
  const installed = join(dir, 'node_modules', PACKAGE_NAME);
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball.path, '-C', installed, '--strip-components=1']);
  for (const link of options.links) {
    const { name, from } = typeof link === 'string' ? { name: link, from: REPO_MODULES } : link;
    const target = join(dir, 'node_modules', name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(realpathSync(join(from, name)), target, 'dir');
  }
  for (const [target, source] of Object.entries(options.copies ?? {})) {
    cpSync(source, join(dir, target), { recursive: true });
  }
  for (const [target, text] of Object.entries(options.files ?? {})) {
    writeFileSync(join(dir, target), text);
  }
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'host-app', private: true, type: 'module' }, null, 2)}\n`,
  );
  return dir;
}
