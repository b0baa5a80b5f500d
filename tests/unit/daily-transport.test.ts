import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

// STYLE practice 1: daily-js is loaded lazily, by the Daily transport only; every other module
// may import its types (which vanish from the bundle) but never its code.

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sources(path);
    }
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('daily-js imports', () => {
  test('only widget/call/daily-transport.ts loads daily-js, and only with import()', () => {
    const runtime: string[] = [];
    for (const file of sources('widget')) {
      const text = readFileSync(file, 'utf8');
      const staticImport = /^import\s+(?!type\b)[^;]*from\s+['"]@daily-co\/daily-js['"]/m.test(
        text,
      );
      const dynamicImport = /import\(\s*['"]@daily-co\/daily-js['"]\s*\)/.test(text);
      if (staticImport || dynamicImport) {
        runtime.push(`${file}${staticImport ? ' (static)' : ''}`);
      }
    }
    expect(runtime).toEqual(['widget/call/daily-transport.ts']);
  });
});
