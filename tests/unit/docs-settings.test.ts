import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESK_ENV_NAMES } from '../../desk/config/desk-env.ts';
import { SETTING_NAMES } from '../../site/config.ts';

// Each setting a parser reads has one row in its page's table, so a new variable cannot ship
// undocumented (the README links to these pages instead of repeating them).

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
});
