import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cells, items, tableLines } from '../../scripts/markdown-table.ts';
import { cycles, eachFolder, importGraph } from '../helpers/import-cycles.ts';
import { edgesOf, sourceFiles } from '../helpers/import-edges.ts';

/**
 * The desk's layers run one way (docs/architecture.md, "The desk's layers"): each row of the
 * table may import only the rows it names, all earlier in the table. This reads the table and
 * every import of `desk/` (static, dynamic, re-exports, types included), and fails on any import
 * against it, so no folder of the desk can come to import one that imports it back.
 */
const ROOT = 'desk';
const HEADING = "## The desk's layers";
/** The "May import" of the composition root and the CLI. */
const EVERY_ROW_ABOVE = 'every row above';
/** Repository folders the desk never imports (the widget's shared lead rules it may). */
const NEVER_IMPORTED = ['scripts', 'site', 'tests', 'bench'];

interface Row {
  /** `desk/config/`, `desk/start-desk.ts`. */
  sources: readonly string[];
  /** Indexes of the rows it may import, itself included. */
  mayImport: ReadonlySet<number>;
}

function readLayers(): Row[] {
  const lines = tableLines(readFileSync('docs/architecture.md', 'utf8'), HEADING);
  const parsed = lines.map((line) => {
    const [, builtFrom = '', , mayImport = ''] = cells(line);
    return { sources: items(builtFrom).map((item) => item.value), mayImport };
  });
  const rowOf = (source: string): number => {
    const index = parsed.findIndex((row) => row.sources.includes(source));
    if (index < 0) {
      throw new Error(`"May import" names ${source}, which has no row`);
    }
    return index;
  };
  return parsed.map((row, index) => ({
    sources: row.sources,
    mayImport: new Set([
      index,
      ...(row.mayImport === EVERY_ROW_ABOVE
        ? parsed.map((_, above) => above).filter((above) => above < index)
        : items(row.mayImport).map((item) => rowOf(item.value))),
    ]),
  }));
}

const ROWS = readLayers();

/** The row of a repository path under `desk/`: its most specific source, or -1. */
function rowOf(path: string): number {
  const posix = path.split(sep).join('/');
  let best = -1;
  let length = 0;
  ROWS.forEach((row, index) => {
    for (const source of row.sources) {
      const covers = source.endsWith('/') ? posix.startsWith(source) : posix === source;
      if (covers && source.length > length) {
        best = index;
        length = source.length;
      }
    }
  });
  return best;
}

const nameOf = (index: number) => ROWS[index]?.sources.join(', ') ?? 'no row';

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(ROOT)) {
    const from = rowOf(file);
    if (from < 0) {
      found.push(`${file}: no row in the desk's layers`);
      continue;
    }
    for (const edge of edgesOf(file)) {
      if (!edge.specifier.startsWith('.')) {
        continue; // a package
      }
      const target = join(dirname(file), edge.specifier);
      if (!target.startsWith(`${ROOT}${sep}`)) {
        const top = relative('.', target).split(sep)[0] ?? '';
        if (NEVER_IMPORTED.includes(top)) {
          found.push(`${file}: the desk imports ${top}/ (${edge.specifier})`);
        }
        continue;
      }
      const to = rowOf(target);
      if (!ROWS[from]?.mayImport.has(to)) {
        found.push(`${file}: ${nameOf(from)} imports ${nameOf(to)} (${edge.specifier})`);
      }
    }
  }
  return found;
}

describe("the desk's layers", () => {
  it('reads the table and the imports it checks', () => {
    expect(ROWS.length).toBeGreaterThan(5);
    expect(rowOf(join(ROOT, 'time', 'tz-zone.ts'))).toBe(0);
    expect(rowOf(join(ROOT, 'config', 'desk-env.ts'))).toBe(1);
    const rootEdges = edgesOf(join(ROOT, 'start-desk.ts'));
    expect(rootEdges.some((edge) => edge.specifier === './storage/database.ts')).toBe(true);
    expect(rowOf(join(ROOT, 'start-desk.ts'))).toBeGreaterThan(rowOf(join(ROOT, 'inbox', 'x.ts')));
  });

  it('has a row for every folder and root file of desk/', () => {
    const entries = readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
      .map((entry) => `${ROOT}/${entry.name}${entry.isDirectory() ? '/' : ''}`);
    expect(entries.filter((entry) => !ROWS.some((row) => row.sources.includes(entry)))).toEqual([]);
  });

  it('runs one way in the table: a row names only rows above it', () => {
    const against = ROWS.flatMap((row, index) =>
      [...row.mayImport]
        .filter((other) => other > index)
        .map((other) => `${nameOf(index)} may import ${nameOf(other)}, a row below it`),
    );
    expect(against).toEqual([]);
  });

  it('runs one way in the code: no import against the table, so no folder cycle', () => {
    expect(violations()).toEqual([]);
  });

  it('has no cycle between folders at any depth (a subfolder is its own folder), types included', () => {
    expect(cycles(importGraph(ROOT, eachFolder(ROOT)))).toEqual([]);
  });
});
