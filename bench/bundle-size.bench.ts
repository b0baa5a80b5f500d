import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BenchReport } from './bench-types.ts';
import { type CompressedSize, compressedSize } from './compressed-size.ts';
import { kb } from './format-table.ts';

const DIST = 'dist';
const MEASURED = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export interface FileSize extends CompressedSize {
  file: string;
}

export function measure(path: string): FileSize {
  return { file: relative(DIST, path), ...compressedSize(readFileSync(path)) };
}

interface Budgets {
  files: Record<string, { gzip?: number; brotli?: number }>;
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

/** Raw, gzip and brotli bytes of every built text file, checked against bench/budgets.json. */
export default async function bundleSize(): Promise<BenchReport> {
  const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as Budgets;
  const sizes = walk(DIST)
    .filter((p) => MEASURED.test(p) && !p.endsWith('.map') && !p.includes('stats'))
    .map(measure)
    .sort((a, b) => a.file.localeCompare(b.file));
  const failures: string[] = [];
  for (const [glob, limit] of Object.entries(budgets.files)) {
    const re = globToRegExp(glob);
    for (const size of sizes.filter((s) => re.test(s.file))) {
      if (limit.gzip !== undefined && size.gzip > limit.gzip) {
        failures.push(`${size.file}: gzip ${size.gzip} B > budget ${limit.gzip} B`);
      }
      if (limit.brotli !== undefined && size.brotli > limit.brotli) {
        failures.push(`${size.file}: brotli ${size.brotli} B > budget ${limit.brotli} B`);
      }
    }
  }
  return {
    title: 'Bundle sizes (every built text file)',
    rows: sizes.map((s) => ({
      file: s.file,
      raw: kb(s.raw),
      gzip: kb(s.gzip),
      brotli: kb(s.brotli),
    })),
    failures,
    notes: ['gzip level 9, brotli quality 11; budgets in bench/budgets.json'],
  };
}
