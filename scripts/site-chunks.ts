import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The site's own code-splitting groups (vite.config.ts), derived from its import graph as the
 * widget's are from the chunk map, so a renamed or added file keeps its place without a rule
 * naming it. Only `site/` is read: the widget's loader has its own group, React its own.
 */

const STATIC_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** One module's imports of other site files: run-time static ones, and `import()`s. */
interface SiteModule {
  statics: string[];
  lazy: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The site's import graph: repository paths (`site/app.tsx`), `/`-separated. */
function readGraph(root: string): Map<string, SiteModule> {
  const graph = new Map<string, SiteModule>();
  const name = (path: string): string => relative(root, path).split(sep).join('/');
  for (const file of sourceFiles(join(root, 'site'))) {
    const text = readFileSync(file, 'utf8');
    const target = (specifier: string): string | null => {
      const path = join(dirname(file), specifier);
      return existsSync(path) ? name(path) : null;
    };
    const statics = [...text.matchAll(STATIC_IMPORT)]
      .filter((match) => match[1] === undefined)
      .map((match) => target(match[2] ?? ''));
    const lazy = [...text.matchAll(DYNAMIC_IMPORT)].map((match) => target(match[1] ?? ''));
    graph.set(name(file), {
      statics: statics.filter((path): path is string => path?.startsWith('site/') ?? false),
      lazy: lazy.filter((path): path is string => path?.startsWith('site/') ?? false),
    });
  }
  return graph;
}

/** `from` and every site module it imports statically, through any depth. */
function staticClosure(graph: Map<string, SiteModule>, from: string): Set<string> {
  const found = new Set<string>();
  const visit = (path: string): void => {
    if (!found.has(path)) {
      found.add(path);
      for (const next of graph.get(path)?.statics ?? []) {
        visit(next);
      }
    }
  };
  visit(from);
  return found;
}

/** The site's groups, as sets of repository paths. */
export interface SiteChunks {
  /** `site/main.tsx` and what it imports statically: the one script before the first paint. */
  entry: ReadonlySet<string>;
  /**
   * The app shell (`site/client.tsx`) and what the landing page shares with any other lazily
   * loaded chunk (a page, or one of its own sections), so no chunk fetches the landing page's
   * for it and / gets no extra small chunk.
   */
  shared: ReadonlySet<string>;
}

/** Reads `site/` under `root` and derives its groups. */
export function siteChunks(root: string): SiteChunks {
  const graph = readGraph(root);
  const entry = staticClosure(graph, 'site/main.tsx');
  const first = ['site/client.tsx', 'site/pages/landing-page.tsx'];
  const [shell, landing] = first.map((path) => staticClosure(graph, path));
  const usedElsewhere = new Set(
    [...graph.values()]
      .flatMap((module) => module.lazy)
      .filter((lazyRoot) => !first.includes(lazyRoot))
      .flatMap((lazyRoot) => [...staticClosure(graph, lazyRoot)]),
  );
  const shared = new Set(
    [...(shell ?? []), ...[...(landing ?? [])].filter((path) => usedElsewhere.has(path))].filter(
      (path) => !entry.has(path),
    ),
  );
  return { entry, shared };
}

/** A code-splitting group's `test` for the modules of `paths`, given a bundler's module id. */
export function pathTest(paths: ReadonlySet<string>, root: string): (id: string) => boolean {
  const base = `${root.replaceAll('\\', '/').replace(/\/$/, '')}/`;
  return (id) => {
    const path = id.replaceAll('\\', '/');
    return path.startsWith(base) && paths.has(path.slice(base.length).split('?')[0] ?? '');
  };
}
