import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, eachFile, importGraph } from '../helpers/import-cycles.ts';

/**
 * No two files of `widget/` or `desk/` lean on each other, not even for a type
 * (docs/architecture.md): a shared type lives in the file that owns its concept, and the files
 * that use it import it from there. A circle of files is a concept split across them, or a file
 * that knows its callers; the build accepts both, so this test is what keeps them out.
 */
describe('file cycles', () => {
  it('reads the imports it checks, types and import() included', () => {
    const graph = importGraph('widget', eachFile);
    const loadResume = graph.get(join('widget', 'session', 'load-resume.ts'));
    expect(loadResume?.has(join('widget', 'session', 'resume', 'follow-visitor.ts'))).toBe(true);
    const typeOnly = graph.get(join('widget', 'session', 'funnel', 'funnel-analytics.ts'));
    expect(typeOnly?.has(join('widget', 'session', 'consent-gate.ts'))).toBe(true);
    expect(
      cycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
          ['c', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('has no circle of files in widget/', () => {
    expect(cycles(importGraph('widget', eachFile))).toEqual([]);
  });

  it('has no circle of files in desk/', () => {
    expect(cycles(importGraph('desk', eachFile))).toEqual([]);
  });
});
