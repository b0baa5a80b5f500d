import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChunkMapError, parseChunkMap, readChunkMap } from '../../scripts/chunk-map.ts';
import { chunkMapProblems } from '../../scripts/chunk-map-build.ts';

/**
 * The chunk map (docs/architecture.md) is the one declaration of the widget's shipped files. This
 * checks its reader, and that every lazy boundary is where the table says: each `import()` of
 * `widget/` fetches a chunk from the module the table names in "Loaded by", and nowhere else.
 */

const SAMPLE = `# Title

## The chunk map

| Chunk | Loads | Built from | Loaded by | May import |
|---|---|---|---|---|
| \`main.js\` | first | \`widget/core/\` | | \`widget/base/\`, \`widget/extra/\` (types) |
| | | \`widget/base/\` | | nothing else |
| \`lazy\` | later | \`widget/core/lazy.ts\`, \`widget/core/deep/\`, \`preact\` | \`widget/core/load.ts\` | |
| \`<language>\` | per language | \`widget/base/i18n/<language>.ts\` | \`widget/base/i18n/load.ts\` | |
| \`extra\` | at the end | \`widget/extra/\` | | \`widget/core/\`, \`widget/base/one.ts\`, \`some-package\` |
| \`shared\` | with lazy | \`widget/core/shared/\` | \`lazy\` (statically) | |

Text after the table.
`;

describe('the chunk map reader', () => {
  const map = parseChunkMap(SAMPLE);

  it('gives a module the chunk of its most specific row', () => {
    expect(map.chunksOf('widget/core/a.ts')).toEqual(['main.js']);
    expect(map.chunksOf('widget/core/lazy.ts')).toEqual(['lazy']);
    expect(map.chunksOf('widget/core/deep/b.ts')).toEqual(['lazy']);
    expect(map.chunksOf('preact')).toEqual(['lazy']);
    expect(map.chunksOf('widget/base/i18n/fr.ts')).toEqual(['fr']);
    expect(map.chunksOf('widget/base/i18n/load.ts')).toEqual(['main.js']);
    expect(map.chunksOf('widget/other/c.ts')).toEqual([]);
    expect(map.chunksOf('react')).toEqual([]);
  });

  it('reads each folder’s import rule from its row', () => {
    expect(map.rules).toEqual({
      core: { folders: ['core', 'base'], typeOnly: ['extra'], packages: [], files: [] },
      base: { folders: ['base'], typeOnly: [], packages: [], files: [] },
      extra: {
        folders: ['extra', 'core'],
        typeOnly: [],
        packages: ['some-package'],
        files: ['base/one.ts'],
      },
    });
  });

  it('reads each chunk’s lazy boundary', () => {
    expect(map.chunks.map((chunk) => [chunk.name, chunk.loadedBy])).toEqual([
      ['main.js', []],
      ['lazy', ['widget/core/load.ts']],
      ['<language>', ['widget/base/i18n/load.ts']],
      ['extra', []],
      ['shared', []],
    ]);
    expect(map.chunks.at(-1)?.importedBy).toEqual(['lazy']);
  });

  it('compares a build with the table: modules, static imports, chunks', () => {
    const built = [
      { name: 'main.js', modules: ['widget/core/a.ts', 'widget/base/b.ts'], imports: [] },
      { name: 'lazy', modules: ['widget/core/lazy.ts'], imports: ['main.js', 'shared'] },
      { name: 'fr', modules: ['widget/base/i18n/fr.ts'], imports: ['main.js'] },
      { name: 'extra', modules: ['widget/extra/e.ts'], imports: [] },
      { name: 'shared', modules: ['widget/core/shared/s.ts'], imports: [] },
    ];
    expect(chunkMapProblems(map, built)).toEqual([]);
    const moved = built.map((chunk) =>
      chunk.name === 'main.js'
        ? { ...chunk, modules: [...chunk.modules, 'widget/extra/x.ts'], imports: ['shared'] }
        : chunk,
    );
    expect(chunkMapProblems(map, [...moved, { name: 'stray', modules: [], imports: [] }])).toEqual([
      'widget/extra/x.ts is in main.js; the chunk map gives it extra',
      'main.js imports shared statically, against the chunk map',
      'the build makes stray, which the chunk map does not declare',
    ]);
    expect(chunkMapProblems(map, built.slice(0, 4))).toEqual([
      'the chunk map declares shared, which the build does not make',
    ]);
  });

  it('refuses a document without the table, or a rule on a row of several sources', () => {
    expect(() => parseChunkMap('# Nothing here')).toThrow(ChunkMapError);
    const twoSources = SAMPLE.replace(
      '| `widget/base/` | | nothing else |',
      '| `widget/base/`, `widget/more/` | | nothing else |',
    );
    expect(() => parseChunkMap(twoSources)).toThrow(/"May import" belongs to one folder/);
  });
});

/** `import('…')` at run time (not `typeof import('…')` in a type). */
const DYNAMIC = /(?<!typeof\s*)\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'generated' ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every run-time `import()` of `widget/`: the importing file and what it names. */
function lazyImports(): { from: string; target: string }[] {
  return sourceFiles('widget').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(DYNAMIC)].map((match) => {
      const specifier = match[1] ?? '';
      const target = specifier.startsWith('.')
        ? normalize(join(dirname(file), specifier)).replaceAll('\\', '/')
        : specifier;
      return { from: file.replaceAll('\\', '/'), target };
    }),
  );
}

describe('the lazy boundaries of widget/', () => {
  const map = readChunkMap();

  it('finds the import() calls it checks', () => {
    expect(lazyImports()).toContainEqual({
      from: 'widget/entries/load-mount-ui.ts',
      target: 'widget/ui/mount-ui.ts',
    });
  });

  it('fetches each chunk only from the module its row names in "Loaded by"', () => {
    const misplaced = lazyImports().flatMap(({ from, target }) => {
      const chunks = map.declarationsOf(target);
      if (chunks.length === 0) {
        return [`${from}: import('${target}') names a module no row of the chunk map ships`];
      }
      return chunks
        .filter((chunk) => !chunk.loadedBy.includes(from))
        .map((chunk) => {
          const boundary = chunk.loadedBy.join(', ') || 'no import()';
          return `${from}: import('${target}') fetches ${chunk.name}, loaded by ${boundary}`;
        });
    });
    expect(misplaced).toEqual([]);
  });

  it('has one lazy boundary per chunk', () => {
    const scattered = map.chunks
      .filter((chunk) => chunk.loadedBy.length > 1)
      .map((chunk) => `${chunk.name}: ${chunk.loadedBy.join(', ')}`);
    expect(scattered).toEqual([]);
  });

  it('names in "Loaded by" only modules that do fetch that chunk', () => {
    const imports = lazyImports();
    const stale = map.chunks.flatMap((chunk) =>
      chunk.loadedBy
        .filter(
          (module) =>
            !imports.some(
              ({ from, target }) => from === module && map.declarationsOf(target).includes(chunk),
            ),
        )
        .map((module) => `${chunk.name}: ${module} has no import() of it`),
    );
    expect(stale).toEqual([]);
  });
});
