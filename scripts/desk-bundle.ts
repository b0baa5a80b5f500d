import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';

// The desk as plain JavaScript, so a production install runs it with Node alone
// (docs/desk.md#production). The build follows desk/cli.ts's imports, wherever they lead
// (widget/leads/, the assistant's config), and leaves npm packages to node_modules. Lazy imports
// become their own chunks: a CLI command loads only what it runs.

const ROOT = resolve('.');
/** Files read at run time beside the code are copied here, under their repository path. */
const FILES = 'files';
/** What desk/launch.mjs compares with the build's time to know whether the build is current. */
export const SOURCES_MANIFEST = 'sources.json';

const RESOURCE = /new URL\((['"])(\.{1,2}\/[^'"]*)\1,\s*import\.meta\.url\)/g;

/** The files under a path (itself when a file), repository-relative. */
function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) {
    return [relative(ROOT, path)];
  }
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/**
 * esbuild leaves `new URL('./x', import.meta.url)` as written, and in the bundle it would name a
 * path beside the output. Each one is pointed again: at the same place beside the output when it
 * is a build output (dist/inbox beside dist/desk), else at a copy made in `<out>/files/`. Any other use of
 * `import.meta.url` fails the build rather than break at run time.
 */
function resourcePaths(out: string, resources: Set<string>): Plugin {
  return {
    name: 'desk-resources',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) {
          return undefined;
        }
        const rewritten = text.replace(RESOURCE, (_match, _quote: string, written: string) => {
          const target = resolve(dirname(args.path), written);
          const inRepo = relative(ROOT, target);
          const built = inRepo.startsWith(`dist${sep}`);
          if (!built) {
            resources.add(target);
          }
          const from = built ? join(out, '..', relative('dist', inRepo)) : join(out, FILES, inRepo);
          const path = relative(out, from) + (written.endsWith('/') ? '/' : '');
          const url = path.startsWith('..') ? path : `./${path}`;
          return `new URL(${JSON.stringify(url)}, import.meta.url)`;
        });
        if (rewritten.replace(RESOURCE, '').includes('import.meta.url')) {
          throw new Error(
            `${relative(ROOT, args.path)} uses import.meta.url other than new URL('./path', import.meta.url)`,
          );
        }
        return { contents: rewritten, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * Builds the desk into `out` (dist/desk for `npm run build:desk`): its chunks, the files they
 * read, and the list of sources desk/launch.mjs compares with the build's time.
 */
export async function bundleDesk(out: string): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  const resources = new Set<string>();
  const result = await build({
    entryPoints: ['desk/cli.ts'],
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [resourcePaths(out, resources)],
  });
  const sources = new Set(Object.keys(result.metafile.inputs));
  for (const resource of resources) {
    cpSync(resource, join(out, FILES, relative(ROOT, resource)), { recursive: true });
    for (const file of filesUnder(resource)) {
      sources.add(file);
    }
  }
  mkdirSync(out, { recursive: true });
  // Written last: its time is the build's time.
  writeFileSync(
    join(out, SOURCES_MANIFEST),
    `${JSON.stringify({ files: [...sources].sort() }, null, 2)}\n`,
  );
}
