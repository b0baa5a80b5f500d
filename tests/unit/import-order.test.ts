import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder layout is the architecture: one folder per shipped chunk, imports running one way
 * (docs/architecture.md). This reads every import of `widget/` (static, dynamic, re-exports) and
 * fails on any that goes against the order, so the layout stays true as the code grows.
 */
const ROOT = 'widget';

/** Which folders each folder may import at run time. Root files (`widget/*.ts`) compose all. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  api: ['api'],
  call: ['call', 'api'],
  demo: ['demo', 'call', 'api'],
  leads: ['leads', 'element', 'call', 'api'],
  element: ['element'],
  loader: ['loader', 'element'],
  ui: ['ui', 'element', 'call', 'demo', 'leads', 'api'],
  // The React component wraps the element: the contract, and the registration (a root file).
  react: ['react', 'element', ''],
};

/** Type-only imports that are allowed on top: the React component's element type. */
const TYPE_ONLY_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  element: [],
  react: ['loader'],
};

/**
 * Single files a folder may import beyond its folders: the call client throws the element's
 * error for "no active call", the one class for that condition.
 */
const FILES_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  call: ['element/voice-assistant-error.ts'],
};

/** npm packages each folder may import; none for the loader's chunk and the contract. */
const PACKAGES: Readonly<Record<string, readonly string[]>> = {
  api: [],
  call: ['@daily-co/daily-js'],
  demo: [],
  leads: [],
  element: [],
  loader: [],
  ui: ['react', 'react-dom', '@r2wc/react-to-web-component'],
  // The host's own React (a peer dependency); never react-dom, which would be a second renderer.
  react: ['react'],
};

interface Edge {
  from: string;
  specifier: string;
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'generated' ? [] : sourceFiles(path);
    }
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function edgesOf(file: string): Edge[] {
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

/** The top folder of `widget/` a path belongs to, or `''` for a root file. */
function layerOf(path: string): string {
  const parts = relative(ROOT, path).split(sep);
  return parts.length > 1 ? (parts[0] ?? '') : '';
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(ROOT)) {
    const from = layerOf(file);
    if (from === '') {
      continue;
    }
    for (const edge of edgesOf(file)) {
      if (edge.specifier.startsWith('.')) {
        const target = join(dirname(file), edge.specifier);
        if (!target.startsWith(`${ROOT}${sep}`)) {
          continue; // package.json's version
        }
        const to = layerOf(target);
        const ok =
          (ALLOWED[from] ?? []).includes(to) ||
          (edge.typeOnly && (TYPE_ONLY_ALLOWED[from] ?? []).includes(to)) ||
          (FILES_ALLOWED[from] ?? []).includes(relative(ROOT, target).split(sep).join('/'));
        if (!ok) {
          found.push(`${file}: ${from}/ imports ${to || 'a root file'} (${edge.specifier})`);
        }
      } else {
        const name = edge.specifier.startsWith('@')
          ? edge.specifier.split('/').slice(0, 2).join('/')
          : (edge.specifier.split('/')[0] ?? '');
        if (!edge.typeOnly && !(PACKAGES[from] ?? []).includes(name)) {
          found.push(`${file}: ${from}/ imports the package ${edge.specifier}`);
        }
      }
    }
  }
  return found;
}

describe('import order of widget/', () => {
  it('has a rule for every folder', () => {
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !(folder in ALLOWED))).toEqual([]);
  });

  it('finds the imports it checks', () => {
    const loaderEdges = sourceFiles(join(ROOT, 'loader')).flatMap(edgesOf);
    expect(loaderEdges.some((edge) => edge.specifier.includes('../element/'))).toBe(true);
    expect(edgesOf(join(ROOT, 'define.ts')).some((e) => e.specifier === './ui/mount-ui.ts')).toBe(
      true,
    );
  });

  it('runs one way: no import against the order, no loader ⇄ ui cycle', () => {
    expect(violations()).toEqual([]);
  });
});
