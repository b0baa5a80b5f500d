import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cells, items, MarkdownTableError, tableLines } from './markdown-table.ts';

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
export const LANGUAGE = '<language>';
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
  /** Single files of other folders it may import (`element/voice-assistant-error.ts`). */
  files: readonly string[];
}

/** One shipped file or chunk of the widget's ES build. */
export interface ChunkDeclaration {
  /** `voice-assistant.js`, or a chunk's name (`mount-ui`; `<language>` for the texts). */
  name: string;
  /** When it loads, as the table says it. */
  loads: string;
  /** Repository paths (`widget/ui/`, `widget/leads/page/json-ld/`) and npm packages. */
  sources: readonly string[];
  /** The module holding its `import()` (its lazy boundary); none for the entry and shared chunks. */
  loadedBy: readonly string[];
  /** For a shared chunk, the chunks that import it statically (and so load it with them). */
  importedBy: readonly string[];
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

function tableOf(markdown: string): string[] {
  try {
    return tableLines(markdown, HEADING);
  } catch (error) {
    throw error instanceof MarkdownTableError ? new ChunkMapError(error.message) : error;
  }
}

function folderOf(path: string): string | null {
  const match = /^widget\/([a-z-]+)\/$/.exec(path);
  return match?.[1] ?? null;
}

function ruleOf(cell: string, folder: string): ImportRule {
  const rule = {
    folders: [folder],
    typeOnly: [] as string[],
    packages: [] as string[],
    files: [] as string[],
  };
  for (const { value, note } of items(cell)) {
    const target = folderOf(value);
    if (target === null) {
      if (isPath(value)) {
        rule.files.push(value.slice('widget/'.length));
      } else {
        rule.packages.push(value);
      }
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
  const chunks: {
    name: string;
    loads: string;
    sources: string[];
    loadedBy: string[];
    importedBy: string[];
  }[] = [];
  const rules: Record<string, ImportRule> = {};
  for (const line of tableOf(markdown)) {
    const [chunkCell = '', loads = '', builtFrom = '', loadedBy = '', mayImport = ''] = cells(line);
    const sources = items(builtFrom).map((item) => item.value);
    const name = items(chunkCell)[0]?.value;
    if (name !== undefined) {
      chunks.push({ name, loads, sources: [], loadedBy: [], importedBy: [] });
    }
    const current = chunks.at(-1);
    if (current === undefined) {
      throw new ChunkMapError('the first row names no chunk');
    }
    current.sources.push(...sources);
    for (const { value } of items(loadedBy)) {
      (isPath(value) ? current.loadedBy : current.importedBy).push(value);
    }
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

/** Reads and parses the chunk map from the repository (the one place that reads the file). */
export function readChunkMap(file = CHUNK_MAP_FILE): ChunkMap {
  return parseChunkMap(readFileSync(file, 'utf8'));
}
