import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChunkMap } from '../../scripts/chunk-map.ts';
import { cycles, eachFolder, importGraph } from '../helpers/import-cycles.ts';
import { edgesOf, sourceFiles } from '../helpers/import-edges.ts';

/**
 * The folder layout is the architecture: one folder per shipped chunk, imports running one way
 * (docs/architecture.md, the chunk map). This reads every import of `widget/` (static, dynamic,
 * re-exports) and fails on any that goes against the order, so the layout stays true as the code
 * grows.
 */
const ROOT = 'widget';

/**
 * Which folders each folder may import at run time, the type-only imports allowed on top, and the
 * npm packages each may import: the "May import" column of the chunk map (docs/architecture.md).
 */
const RULES = readChunkMap().rules;
const ALLOWED = Object.fromEntries(
  Object.entries(RULES).map(([name, rule]) => [name, rule.folders]),
);
const TYPE_ONLY_ALLOWED = Object.fromEntries(
  Object.entries(RULES).map(([name, rule]) => [name, rule.typeOnly]),
);
const PACKAGES = Object.fromEntries(
  Object.entries(RULES).map(([name, rule]) => [name, rule.packages]),
);
/** Single files a folder may import beyond its folders (`element/voice-assistant-error.ts`). */
const FILES_ALLOWED = Object.fromEntries(
  Object.entries(RULES).map(([name, rule]) => [name, rule.files]),
);

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
      // The entries live in widget/entries/: a loose file at the root has no rule.
      found.push(`${file}: a file at widget/'s root (entries go in widget/entries/)`);
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

/**
 * The folder ⇄ subfolder cycles the widget has today, each the folders of one tangle. Folders side
 * by side never lean on each other (the test fails on any such cycle, at any depth). A folder and
 * the folders inside it still do, in one way: the parent holds the lazy boundary (`load-….ts`,
 * `client-options.ts`) or the index (`api/routes.ts`) that reaches into the subfolder, and the
 * subfolder implements or returns the parent's types (`WebCallCreator`, `ListingContext`, the
 * API's core), which the parent owns. The list may only shrink: a new tangle, or a folder
 * joining one, fails here.
 */
const NESTED_CYCLES = [
  ['widget/api', 'widget/api/resources'],
  ['widget/call', 'widget/call/platform'],
  ['widget/demo', 'widget/demo/words'],
  ['widget/element', 'widget/element/after-intent', 'widget/element/i18n'],
  ['widget/leads', 'widget/leads/feedback', 'widget/leads/rules', 'widget/leads/watch'],
  ['widget/leads/page', 'widget/leads/page/json-ld'],
  [
    'widget/session',
    'widget/session/chat',
    'widget/session/chat/delivery',
    'widget/session/chat/web-chat',
    'widget/session/funnel',
    'widget/session/resume',
  ],
  ['widget/ui', 'widget/ui/chat', 'widget/ui/consent', 'widget/ui/consent/dialog'],
];

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
    const defineEdges = edgesOf(join(ROOT, 'entries', 'load-mount-ui.ts'));
    expect(defineEdges.some((e) => e.specifier === '../ui/mount-ui.ts')).toBe(true);
  });

  it('runs one way: no import against the order, no loader ⇄ ui cycle', () => {
    expect(violations()).toEqual([]);
  });

  it('has no folder cycle, not even through types', () => {
    expect(cycles(importGraph(ROOT, layerOf))).toEqual([]);
  });

  it('has no cycle between folders at any depth, but the listed folder ⇄ subfolder ones', () => {
    expect(cycles(importGraph(ROOT, eachFolder(ROOT)))).toEqual(NESTED_CYCLES);
  });
});
