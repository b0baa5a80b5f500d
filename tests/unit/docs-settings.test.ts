import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESK_ENV_NAMES } from '../../desk/config/desk-env.ts';
import { SETTING_NAMES } from '../../site/config.ts';

// Each setting a parser reads has one row in its page's table, and each npm script and config
// file one in the build surface, so none can ship undocumented (the README links to these pages
// instead of repeating them).

/** The names in the first column of a page's Markdown tables. */
function documentedNames(page: string): Set<string> {
  const rows = readFileSync(page, 'utf8').match(/^\| `[^|]+\|/gm) ?? [];
  return new Set(
    rows.flatMap((row) => [...row.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? '')),
  );
}

describe('settings documented once', () => {
  it('lists every variable the desk reads in docs/desk.md', () => {
    const documented = documentedNames('docs/desk.md');
    expect(DESK_ENV_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists every build setting the site reads in docs/site.md', () => {
    const documented = documentedNames('docs/site.md');
    expect(SETTING_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists every npm script and root config file in docs/architecture.md#build-surface', () => {
    const architecture = readFileSync('docs/architecture.md', 'utf8');
    const surface = architecture.slice(architecture.indexOf('## Build surface'));
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const named = (name: string) =>
      [`\`npm run ${name}\``, `\`npm run ${name} `, `\`npm ${name}\``, `\`${name}\``].some((form) =>
        surface.includes(form),
      );
    expect(Object.keys(scripts).filter((name) => !named(name))).toEqual([]);
    const configs = readdirSync('.').filter((file) =>
      /^(vite(st)?(\.\w+)?\.config\.ts|tsconfig.*\.json|biome\.json)$/.test(file),
    );
    expect(configs.length).toBeGreaterThan(5);
    expect(configs.filter((file) => !surface.includes(`\`${file}\``))).toEqual([]);
  });
});
