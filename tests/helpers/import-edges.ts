import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The imports of a source tree, read from the text (static, dynamic, re-exports), for the tests
 * that keep a tree's import order: the widget's chunk map and the desk's layers
 * (docs/architecture.md).
 */

/** One import of a file: what it names, and whether only its types are taken. */
export interface Edge {
  from: string;
  specifier: string;
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every `.ts` and `.tsx` file under `dir`, leaving out `generated/` folders. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'generated' ? [] : sourceFiles(path);
    }
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The imports of one file. */
export function edgesOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    edges.push({ from: file, specifier: match[3] ?? '', typeOnly: match[2] !== undefined });
  }
  for (const match of text.matchAll(DYNAMIC)) {
    edges.push({ from: file, specifier: match[1] ?? '', typeOnly: false });
  }
  return edges;
}
