import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm run desk` (desk/launch.mjs) runs the compiled desk when it is current and the sources
// through tsx when they changed since; without tsx (a production install) a stale or missing
// build is said plainly. Each case is a small folder shaped like the repository.

const run = promisify(execFile);
const LAUNCHER = resolve('desk/launch.mjs');
let root: string;

function write(path: string, text: string, secondsAgo = 0): void {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(file, at, at);
}

/** A build of `desk/cli.ts` made `builtSecondsAgo`, the source last changed `sourceSecondsAgo`. */
function layout(builtSecondsAgo: number, sourceSecondsAgo: number | null): void {
  mkdirSync(join(root, 'desk'), { recursive: true });
  copyFileSync(LAUNCHER, join(root, 'desk/launch.mjs'));
  copyFileSync('desk/package.json', join(root, 'desk/package.json'));
  if (sourceSecondsAgo !== null) {
    write('desk/cli.ts', "const from: string = 'sources';\nconsole.log(from);\n", sourceSecondsAgo);
  }
  write('dist/desk/cli.js', "console.log('compiled');\n", builtSecondsAgo);
  write('dist/desk/sources.json', '{ "files": ["desk/cli.ts"] }\n', builtSecondsAgo);
}

async function launch(): Promise<{ code: number; out: string; err: string }> {
  return run(process.execPath, [join(root, 'desk/launch.mjs'), 'help'], { cwd: root }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout.trim(), err: stderr.trim() }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout.trim(),
      err: error.stderr.trim(),
    }),
  );
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'desk-launch-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('npm run desk picks the compiled desk or the sources', () => {
  it('runs the build when no source is newer, or when the sources are not shipped', async () => {
    layout(10, 60);
    expect(await launch()).toMatchObject({ code: 0, out: 'compiled' });
    rmSync(join(root, 'desk/cli.ts'));
    expect(await launch()).toMatchObject({ code: 0, out: 'compiled' });
  });

  it('runs the sources through tsx when one changed after the build', async () => {
    layout(60, 10);
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(realpathSync('node_modules/tsx'), join(root, 'node_modules/tsx'), 'dir');
    expect(await launch()).toMatchObject({ code: 0, out: 'sources' });
  });

  it('without tsx, names the newer source, or says the desk is not built', async () => {
    layout(60, 10);
    expect(await launch()).toEqual({
      code: 1,
      out: '',
      err: "The desk's build is older than desk/cli.ts: run `npm run build:desk` again.",
    });
    rmSync(join(root, 'dist'), { recursive: true });
    expect((await launch()).err).toMatch(/^The desk is not built: run `npm run build:desk`/);
  });
});
