import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone of the public repository, with no sibling folders, must pass `npm test`.
 * So no file the repository holds may name a path outside it: not the old `../shared` beside
 * the checkout, not a machine's absolute folder, not a relative path that climbs out of the tree.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The tracked files, and new ones not yet added (so a fresh mistake fails before its commit). */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return [...new Set(listed.split('\n').filter(Boolean))].filter((file) => {
    // The vendored platform documents are data from elsewhere (their README says so), and a
    // worktree's `node_modules` may be a symlink to another checkout: neither is the project's.
    if (file.startsWith('widget/api/openapi/') && file.endsWith('.json')) {
      return false;
    }
    try {
      const stat = statSync(resolve(repo, file));
      return stat.isFile() && stat.size < 2_000_000;
    } catch {
      return false;
    }
  });
}

const SELF = relative(repo, fileURLToPath(import.meta.url));
/**
 * Relative paths read from somewhere other than their file's folder, each with that folder:
 * Vite's site build runs with `root: 'site'`, so its `../dist/site` is the repository's dist/.
 */
const READ_FROM: Readonly<Record<string, string>> = { 'vite.config.ts': 'site' };
const SIBLING = ['..', 'shared'].join('/');
const MACHINE_FOLDERS = ['/work/', '/home/', '/Users/', '/tmp/', 'C:\\'];
/** `../` chains inside a string or a Markdown link: an import, a `resolve()` argument, a link. */
const CLIMB = /(?<![\w.])((?:\.\.\/)+)[\w@.-]*/g;

/** Where a file names something outside the repository, as `file:line: text` lines. */
function escapes(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}: ${line.trim().slice(0, 120)}`;
    if (line.includes(SIBLING) || MACHINE_FOLDERS.some((folder) => line.includes(folder))) {
      found.push(where);
      return;
    }
    for (const match of line.matchAll(CLIMB)) {
      // A relative path is read from its file's folder (imports, links) or, in scripts, from the
      // repository root; either way it must land inside the repository.
      const target = resolve(repo, READ_FROM[file] ?? dirname(file), match[1] ?? '');
      const fromRoot = relative(repo, target);
      if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) {
        found.push(where);
        return;
      }
    }
  });
  return found;
}

describe('the repository stands alone', () => {
  it('names no path outside itself (no ../shared, no machine folder, no climb out)', () => {
    // This file spells out what it looks for; its own scanner is tested below instead.
    const files = repositoryFiles().filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => escapes(file, readFileSync(resolve(repo, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches each kind of escape (the scanner itself works)', () => {
    expect(escapes('scripts/a.ts', `resolve(repo, '${SIBLING}')`)).toHaveLength(1);
    expect(escapes('tests/helpers/a.ts', "readFileSync('/work/x/spec.json')")).toHaveLength(1);
    expect(escapes('tests/helpers/a.ts', "import x from '../../../outside/x.ts';")).toHaveLength(1);
    expect(escapes('tests/helpers/a.ts', "import x from '../../widget/index.ts';")).toEqual([]);
  });

  it('reads the platform documents from its own folder', () => {
    for (const name of ['vapi-openapi.json', 'vapi-openapi-extended.json']) {
      const spec = JSON.parse(readFileSync(resolve(repo, 'widget/api/openapi', name), 'utf8')) as {
        openapi?: string;
      };
      expect(spec.openapi).toMatch(/^3\./);
    }
  });
});
