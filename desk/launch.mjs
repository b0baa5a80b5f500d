// @ts-check
/**
 * `npm run desk` (docs/desk.md#production): runs the compiled desk (dist/desk, `npm run
 * build:desk`) when it is current, else desk/cli.ts through tsx, in this same process either way:
 * a process manager's SIGTERM reaches the desk itself, and production never needs tsx.
 * Plain JavaScript, since it must run before anything is compiled.
 */
import { readFileSync, statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

const root = new URL('../', import.meta.url);
const built = new URL('dist/desk/cli.js', root);
const manifest = new URL('dist/desk/sources.json', root);

/** @param {URL} url @returns {number | null} */
function modifiedAt(url) {
  try {
    return statSync(url).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The first source newer than the build, `null` when the build is current, or `'missing'`.
 * A source that is absent (a production install ships dist/ alone) cannot be newer.
 * @returns {string | null}
 */
function staleBecause() {
  const builtAt = modifiedAt(manifest);
  if (builtAt === null || modifiedAt(built) === null) {
    return 'missing';
  }
  /** @type {{ files: string[] }} */
  const { files } = JSON.parse(readFileSync(manifest, 'utf8'));
  return files.find((file) => (modifiedAt(new URL(file, root)) ?? 0) > builtAt) ?? null;
}

// A command runs for a moment: the embedded database's WebAssembly is worth compiling once,
// quickly (Liftoff), not again in the background for speed it will not live to use. The
// desk itself (no command, or `start`) keeps V8's optimising tier, and holds its young
// generation at V8's first size while it starts, letting it grow again once it listens
// (desk/cli/start-heap.ts).
const command = process.argv[2] ?? 'start';
if (command !== 'start') {
  setFlagsFromString('--liftoff-only');
} else {
  setFlagsFromString('--semi-space-growth-factor=1');
}

const stale = staleBecause();
if (stale === null) {
  await import(built.href);
} else {
  /** @type {{ register(): unknown } | null} */
  const tsx = await import('tsx/esm/api').catch(() => null);
  if (tsx === null) {
    process.stderr.write(
      stale === 'missing'
        ? 'The desk is not built: run `npm run build:desk` (or `npm run build`) before `npm ci --omit=dev`.\n'
        : `The desk's build is older than ${stale}: run \`npm run build:desk\` again.\n`,
    );
    process.exit(1);
  }
  tsx.register();
  await import(new URL('cli.ts', import.meta.url).href);
}
