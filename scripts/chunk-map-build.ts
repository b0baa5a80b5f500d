import { type ChunkDeclaration, type ChunkMap, LANGUAGE, NOT_SHIPPED } from './chunk-map.ts';

/**
 * A build compared with the chunk map (docs/architecture.md): the widget build's own check
 * (vite.widget.config.ts), its code-splitting groups, and tests/node/widget-chunks.test.ts.
 */

/** The bundle's own file: what no chunk takes stays in it. */
export const LOADER_FILE = 'voice-assistant.js';

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

/** A file of a build, as the chunk map names it, with its modules and static imports. */
export interface BuiltChunk {
  /** The entry's file name (`voice-assistant.js`), else the chunk's name (`mount-ui`). */
  name: string;
  /** Its modules, by the table's names (repository path or npm package). */
  modules: readonly string[];
  /** The built files it imports statically, by the same names as `name`. */
  imports: readonly string[];
}

/** The part of a Rolldown output chunk the comparison reads. */
export interface OutputChunkLike {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  fileName: string;
  name?: string;
  modules?: Readonly<Record<string, unknown>>;
  imports?: readonly string[];
}

/** A build's output files, named as the chunk map names them. Bundler helpers (`\0…`) are left out. */
export function builtChunks(files: readonly OutputChunkLike[], root: string): BuiltChunk[] {
  const chunks = files.filter((file) => file.type === 'chunk');
  const nameOf = (fileName: string): string => {
    const file = chunks.find((chunk) => chunk.fileName === fileName);
    return file === undefined || file.isEntry ? fileName : (file.name ?? fileName);
  };
  return chunks.map((file) => ({
    name: nameOf(file.fileName),
    modules: Object.keys(file.modules ?? {})
      .filter((id) => !id.startsWith('\0'))
      .map((id) => sourceOfModule(id, root)),
    imports: (file.imports ?? []).map(nameOf),
  }));
}

function misplacedModules(map: ChunkMap, built: readonly BuiltChunk[]): string[] {
  return built.flatMap((chunk) =>
    chunk.modules.flatMap((module) => {
      const allowed = map.chunksOf(module);
      return allowed.includes(chunk.name)
        ? []
        : [
            `${module} is in ${chunk.name}; the chunk map gives it ${allowed.join(' or ') || 'no row'}`,
          ];
    }),
  );
}

/** The chunks loaded before `chunk` whenever it loads: its `import()`'s chunk, and theirs. */
function loadedBefore(map: ChunkMap, chunk: ChunkDeclaration): Set<string> {
  const found = new Set<string>();
  const queue = [chunk];
  for (let row = queue.pop(); row !== undefined; row = queue.pop()) {
    for (const parent of row.loadedBy.flatMap((module) => map.declarationsOf(module))) {
      if (!found.has(parent.name)) {
        found.add(parent.name);
        queue.push(parent);
      }
    }
  }
  return found;
}

/**
 * Static imports against the table: the loader file imports no chunk (before intent it is the
 * only request); a chunk may import the loader file and the chunks always loaded before it, and a
 * shared chunk is imported only by the chunks its row names.
 */
function misplacedImports(
  map: ChunkMap,
  built: readonly BuiltChunk[],
  rowOf: (name: string) => ChunkDeclaration | undefined,
): string[] {
  return built.flatMap((chunk) => {
    const row = rowOf(chunk.name);
    const before = row === undefined ? new Set<string>() : loadedBefore(map, row);
    return chunk.imports.flatMap((imported) => {
      const ok =
        imported === LOADER_FILE ||
        before.has(imported) ||
        (rowOf(imported)?.importedBy.includes(chunk.name) ?? false);
      return ok ? [] : [`${chunk.name} imports ${imported} statically, against the chunk map`];
    });
  });
}

/**
 * What differs between a build and the table: each module in a chunk its row does not give it,
 * each static import between chunks the table does not name, each chunk the table does not
 * declare, each declared chunk the build does not make. Pure.
 */
export function chunkMapProblems(map: ChunkMap, built: readonly BuiltChunk[]): string[] {
  const languages = new Set(
    built
      .filter((chunk) =>
        chunk.modules.some((module) =>
          map.declarationsOf(module).some((row) => row.name === LANGUAGE),
        ),
      )
      .map((chunk) => chunk.name),
  );
  const rowOf = (name: string): ChunkDeclaration | undefined =>
    map.chunks.find((chunk) => chunk.name === (languages.has(name) ? LANGUAGE : name));
  const problems = [...misplacedModules(map, built), ...misplacedImports(map, built, rowOf)];
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
