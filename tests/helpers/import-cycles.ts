import { dirname, join, sep } from 'node:path';
import { edgesOf, sourceFiles } from './import-edges.ts';

/**
 * The import cycles of a source tree, for the tests that keep its order
 * (`tests/unit/import-order.test.ts`, `tests/unit/desk-import-order.test.ts`,
 * `tests/unit/file-cycles.test.ts`). Every import counts: static, dynamic, re-exports and types,
 * so nothing leans on what leans on it, not even for a type.
 */

/** What a file belongs to in a graph: the file itself, its folder, its top folder. */
export type NodeOf = (file: string) => string;

/** Each file its own node. */
export const eachFile: NodeOf = (file) => file;

/**
 * Each folder at any depth its own node (a subfolder is its own folder), and a loose file at the
 * tree's root its own node too (the desk's root files are rows of their own in its layers).
 */
export function eachFolder(root: string): NodeOf {
  return (file) => (dirname(file) === root ? file : dirname(file));
}

/** The graph of a tree's relative imports inside it, between the nodes `nodeOf` gives. */
export function importGraph(root: string, nodeOf: NodeOf): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = nodeOf(file);
    for (const edge of edgesOf(file)) {
      const target = join(dirname(file), edge.specifier);
      if (!edge.specifier.startsWith('.') || !target.startsWith(`${root}${sep}`)) {
        continue; // a package, or package.json's version
      }
      const to = nodeOf(target);
      if (to !== from) {
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
  }
  return graph;
}

/**
 * The cycles of a graph, each as the sorted nodes of one strongly connected component (Tarjan's
 * algorithm), so one tangle of many cycles reads as one entry; sorted, so a list compares equal.
 */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let top: string | undefined;
      do {
        top = stack.pop();
        if (top !== undefined) {
          onStack.delete(top);
          component.push(top);
        }
      } while (top !== undefined && top !== node);
      if (component.length > 1) {
        found.push(component.map((path) => path.split(sep).join('/')).sort());
      }
    }
  };
  for (const node of graph.keys()) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
