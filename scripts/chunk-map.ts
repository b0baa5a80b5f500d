import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The widget's chunk map, read from its one declaration: the table under "## The chunk map" in
 * docs/architecture.md. The widget build (vite.widget.config.ts), the site's loader group
 * (vite.config.ts), the import-order test and the chunk-map tests all read it from here, so the
 * folders, the shipped files and the import order cannot drift apart.
 */

/** Where the table lives (resolved from this file, whatever the working directory). */
export const CHUNK_MAP_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../docs/architecture.md',
);
const HEADING = '## The chunk map';

/** A language code in a row: `widget/element/i18n/<language>.ts` → chunk `<language>`. */
const LANGUAGE = '<language>';
const LANGUAGE_CODE = '[a-z]{2}';

/** The "chunk" of what never ships in the widget's bundle (the package's `./react`, the docs). */
export const NOT_SHIPPED = 'none';

/** What a top-level folder of `widget/` may import at run time, types only, and from npm. */
export interface ImportRule {
  /** Folder names (`api`, `call`…), the folder itself included. */
  folders: readonly string[];
  /** Folders it may import types from, on top of `folders`. */
  typeOnly: readonly string[];
  /** npm packages it may import at run time. */
  packages: readonly string[];
}

/** One shipped file or chunk of the widget's ES build. */
export interface ChunkDeclaration {
  /** `voice-assistant.js`, or a chunk's name (`mount-ui`; `<language>` for the texts). */
  name: string;
  /** When it loads, as the table says it. */
  loads: string;
  /** Repository paths (`widget/ui/`, `widget/leads/json-ld.ts`) and npm packages. */
  sources: readonly string[];
  /** The module holding its `import()` (its lazy boundary); none for the entry and shared chunks. */
  loadedBy: readonly string[];
}

/** The parsed table. */
export interface ChunkMap {
  chunks: readonly ChunkDeclaration[];
  /** Import rules by top-level folder of `widget/`. */
  rules: Readonly<Record<string, ImportRule>>;
  /**
   * The chunks a module may ship in, by its repository path (`widget/ui/x.ts`, `package.json`) or
   * npm package name: the chunks of its most specific source (a file over a folder, a deeper
   * folder over a shallower one). `[]` when the table has no source for it.
   */
  chunksOf(source: string): string[];
  /** The rows' chunks for `source`, as declared (`<language>` unexpanded). */
  declarationsOf(source: string): ChunkDeclaration[];
}

/** Thrown when the table cannot be read as the chunk map. */
export class ChunkMapError extends Error {
  readonly code = 'chunk-map-invalid';
  constructor(message: string) {
    super(`docs/architecture.md, the chunk map: ${message}`);
    this.name = 'ChunkMapError';
  }
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The backticked items of a cell (`a`, `b (types)`), each with the words after it. */
function items(cell: string): { value: string; note: string }[] {
  return [...cell.matchAll(/`([^`]+)`([^`,;]*)/g)].map((match) => ({
    value: match[1] ?? '',
    note: (match[2] ?? '').trim(),
  }));
}

function tableLines(markdown: string): string[] {
  const start = markdown.indexOf(`\n${HEADING}`);
  if (start < 0) {
    throw new ChunkMapError(`no "${HEADING}" heading`);
  }
  const lines = markdown.slice(start + 1).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  if (first < 0) {
    throw new ChunkMapError('no table under the heading');
  }
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first + 2, end < 0 ? undefined : end);
}

function folderOf(path: string): string | null {
  const match = /^widget\/([a-z-]+)\/$/.exec(path);
  return match?.[1] ?? null;
}

function ruleOf(cell: string, folder: string): ImportRule {
  const rule = { folders: [folder], typeOnly: [] as string[], packages: [] as string[] };
  for (const { value, note } of items(cell)) {
    const target = folderOf(value);
    if (target === null) {
      rule.packages.push(value);
    } else if (note.includes('types')) {
      rule.typeOnly.push(target);
    } else {
      rule.folders.push(target);
    }
  }
  return rule;
}

function isPath(source: string): boolean {
  return source.startsWith('widget/') || source === 'package.json';
}

/** How specific `source` is for `module`, or -1 when it does not cover it. */
function specificity(source: string, module: string): number {
  if (!isPath(source)) {
    return source === module ? Number.MAX_SAFE_INTEGER : -1;
  }
  if (source.endsWith('/')) {
    return module.startsWith(source) ? source.length : -1;
  }
  if (source.includes(LANGUAGE)) {
    const pattern = source.replaceAll('.', '\\.').replace(LANGUAGE, LANGUAGE_CODE);
    return new RegExp(`^${pattern}$`).test(module) ? Number.MAX_SAFE_INTEGER : -1;
  }
  return source === module ? Number.MAX_SAFE_INTEGER : -1;
}

/** The chunk `name` is for `module`: `<language>` becomes the module's language code. */
function chunkName(name: string, module: string): string {
  return name === LANGUAGE ? (/([a-z]{2})\.tsx?$/.exec(module)?.[1] ?? name) : name;
}

/** Reads the chunk map from the markdown of docs/architecture.md. Pure. */
export function parseChunkMap(markdown: string): ChunkMap {
  const chunks: { name: string; loads: string; sources: string[]; loadedBy: string[] }[] = [];
  const rules: Record<string, ImportRule> = {};
  for (const line of tableLines(markdown)) {
    const [chunkCell = '', loads = '', builtFrom = '', loadedBy = '', mayImport = ''] = cells(line);
    const sources = items(builtFrom).map((item) => item.value);
    const name = items(chunkCell)[0]?.value;
    if (name !== undefined) {
      chunks.push({ name, loads, sources: [], loadedBy: [] });
    }
    const current = chunks.at(-1);
    if (current === undefined) {
      throw new ChunkMapError('the first row names no chunk');
    }
    current.sources.push(...sources);
    current.loadedBy.push(...items(loadedBy).map((item) => item.value));
    const folder = sources.length === 1 ? folderOf(sources[0] ?? '') : null;
    if (mayImport !== '') {
      if (folder === null || folder in rules) {
        throw new ChunkMapError(`"May import" belongs to one folder's row, once: ${line}`);
      }
      rules[folder] = ruleOf(mayImport, folder);
    }
  }
  const declarationsOf = (source: string): ChunkDeclaration[] => {
    let best = -1;
    let found: ChunkDeclaration[] = [];
    for (const chunk of chunks) {
      for (const candidate of chunk.sources) {
        const score = specificity(candidate, source);
        if (score > best) {
          best = score;
          found = [];
        }
        if (score === best && score >= 0 && !found.includes(chunk)) {
          found.push(chunk);
        }
      }
    }
    return found;
  };
  return {
    chunks,
    rules,
    declarationsOf,
    chunksOf: (source) => declarationsOf(source).map((chunk) => chunkName(chunk.name, source)),
  };
}

/**
 * The table's name for a module id of a build: its repository path, or its npm package's name
 * for a file under `node_modules`.
 */
export function sourceOfModule(id: string, root: string): string {
  const path = id.replaceAll('\\', '/');
  const inPackages = path.lastIndexOf('/node_modules/');
  if (inPackages >= 0) {
    const parts = path.slice(inPackages + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  const base = `${root.replaceAll('\\', '/').replace(/\/$/, '')}/`;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

/** Reads and parses the chunk map from the repository (the one place that reads the file). */
export function readChunkMap(file = CHUNK_MAP_FILE): ChunkMap {
  return parseChunkMap(readFileSync(file, 'utf8'));
}

/**
 * A code-splitting group's `test` for `chunk`: true for a module id whose row gives it `chunk` and
 * no other, so the bundle's chunks are decided by the table's folders, not by file-name patterns.
 */
export function chunkTest(map: ChunkMap, chunk: string, root: string): (id: string) => boolean {
  return (id) => {
    const chunks = id.startsWith('\0') ? [] : map.chunksOf(sourceOfModule(id, root));
    return chunks.length === 1 && chunks[0] === chunk;
  };
}

/** A file of a build, as the chunk map names it, and the modules in it (table names). */
export interface BuiltChunk {
  /** The entry's file name (`voice-assistant.js`), else the chunk's name (`mount-ui`). */
  name: string;
  modules: readonly string[];
}

/**
 * What differs between a build and the table: each module in a chunk its row does not give it,
 * each chunk the table does not declare, each declared chunk the build does not make. Pure.
 */
export function chunkMapProblems(map: ChunkMap, built: readonly BuiltChunk[]): string[] {
  const problems: string[] = [];
  const languages = new Set<string>();
  for (const chunk of built) {
    for (const module of chunk.modules) {
      const allowed = map.chunksOf(module);
      if (!allowed.includes(chunk.name)) {
        problems.push(
          `${module} is in ${chunk.name}; the chunk map gives it ${allowed.join(' or ') || 'no row'}`,
        );
      }
      if (map.declarationsOf(module).some((row) => row.name === LANGUAGE)) {
        languages.add(chunk.name);
      }
    }
  }
  const names = new Set(built.map((chunk) => chunk.name));
  for (const name of names) {
    if (!languages.has(name) && !map.chunks.some((chunk) => chunk.name === name)) {
      problems.push(`the build makes ${name}, which the chunk map does not declare`);
    }
  }
  for (const chunk of map.chunks) {
    const made = chunk.name === LANGUAGE ? languages.size > 0 : names.has(chunk.name);
    if (!made && chunk.name !== NOT_SHIPPED) {
      problems.push(`the chunk map declares ${chunk.name}, which the build does not make`);
    }
  }
  return problems;
}
