import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { rolldown } from 'rolldown';
import type { BenchReport } from './bench-types.ts';
import { compressedSize } from './compressed-size.ts';
import { kb } from './format-table.ts';

// What an app pays for the API client: a tiny entry per scenario is bundled, minified and
// tree-shaken by rolldown (Vite 8's bundler, which builds this repo's widget and site) and, for
// reference, by esbuild; each is written to a temp dir and gzipped. The budget applies to the
// rolldown build, the one this project ships.

const api = resolve('widget/api');

const ENTRIES = [
  {
    name: 'one resource (core + calls: POST /call/web)',
    budgetKey: 'oneResourceGzip',
    source: `
      import { createApiCore } from '${api}/core.ts';
      import { callsResource } from '${api}/resources/calls.ts';
      export const createWebCall = (token, body, signal) =>
        callsResource(createApiCore({ token })).createWeb(body, { signal });
    `,
  },
  {
    name: 'whole client (135 routes, paginate, errors)',
    budgetKey: 'wholeClientGzip',
    source: `
      export { createApiClient } from '${api}/client.ts';
      export { paginate } from '${api}/pagination.ts';
      export * from '${api}/errors.ts';
    `,
  },
] as const;

type BudgetKey = (typeof ENTRIES)[number]['budgetKey'];
const DEFAULT_BUDGETS: Record<BudgetKey, number> = {
  oneResourceGzip: 3072,
  wholeClientGzip: 12_288,
};

async function withRolldown(entry: string, out: string): Promise<void> {
  const bundle = await rolldown({ input: entry, platform: 'browser', logLevel: 'silent' });
  await bundle.write({ file: out, format: 'es', minify: true });
  await bundle.close();
}

async function withEsbuild(entry: string, out: string): Promise<void> {
  await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: out,
    logLevel: 'silent',
  });
}

const BUNDLERS = [
  { bundler: 'rolldown', bundle: withRolldown, gated: true },
  { bundler: 'esbuild (reference)', bundle: withEsbuild, gated: false },
];

/** Gzip size of one resource and of the whole client, against bench/budgets.json `api`. */
export default async function apiSize(): Promise<BenchReport> {
  const configured = (
    JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
      api?: Partial<Record<BudgetKey, number>>;
    }
  ).api;
  const budgets = { ...DEFAULT_BUDGETS, ...configured };
  const dir = mkdtempSync(join(tmpdir(), 'api-size-'));
  const rows: BenchReport['rows'] = [];
  const failures: string[] = [];
  try {
    for (const [index, entry] of ENTRIES.entries()) {
      const input = join(dir, `entry-${index}.js`);
      writeFileSync(input, entry.source);
      const limit = budgets[entry.budgetKey];
      for (const [which, { bundler, bundle, gated }] of BUNDLERS.entries()) {
        const out = join(dir, `${which}-${index}.js`);
        await bundle(input, out);
        const code = readFileSync(out);
        const { gzip } = compressedSize(code);
        rows.push({
          bundle: entry.name,
          bundler,
          minified: kb(code.length),
          gzip: kb(gzip),
          budget: kb(limit),
        });
        if (gated && gzip > limit) {
          failures.push(
            `API client ${entry.name} (${bundler}): gzip ${gzip} B > budget ${limit} B`,
          );
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    title: 'API client bundle size',
    rows,
    failures,
    notes: [
      'minified + tree-shaken, gzip level 9; budgets in bench/budgets.json "api"',
      "for comparison the platform's own generated SDK: 18 KB whole, 7.4 KB one resource",
    ],
  };
}
