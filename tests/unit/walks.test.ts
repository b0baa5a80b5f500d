import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkWalks, countWalk, readWalks, type WalkCount } from '../../scripts/walks.ts';

/**
 * The walks of docs/architecture.md ("## Walks") say how many files, folder crossings and returns
 * each list has: `npm run walks` counts the lists, and this fails when the text says otherwise.
 */
const DOC = readFileSync('docs/architecture.md', 'utf8');

/** Each claim beside the same keys of what its list counts. */
function claimsAndCounts(markdown: string) {
  const results = checkWalks(markdown);
  const pick = (count: WalkCount, keys: string[]) =>
    Object.fromEntries(keys.map((key) => [key, count[key as keyof WalkCount]]));
  return {
    claimed: results.map(({ name, claimed }) => ({ name, ...claimed })),
    counted: results.map(({ name, claimed, counted }) => ({
      name,
      ...pick(counted, Object.keys(claimed)),
    })),
  };
}

describe('the walks of docs/architecture.md', () => {
  it('counts by the method written there: folders at any depth, a return per folder re-entered', () => {
    expect(
      countWalk([
        'widget/a/x.ts',
        'widget/b/y.ts',
        'widget/a/z.ts',
        'widget/a/sub/w.ts',
        'widget/a/v.ts',
      ]),
    ).toEqual({ files: 5, crossings: 4, returns: 2 });
    expect(countWalk(['desk/a/x.ts', 'desk/a/y.ts'])).toEqual({
      files: 2,
      crossings: 0,
      returns: 0,
    });
  });

  it('reads every list, each with its files, crossings and returns claimed', () => {
    const walks = readWalks(DOC);
    expect(walks.map((walk) => walk.name.slice(0, 'Walk A'.length))).toEqual(
      expect.arrayContaining(['Walk A', 'Walk B', 'Walk C']),
    );
    for (const walk of walks) {
      expect(Object.keys(walk.claims[0]?.count ?? {}).sort(), walk.name).toEqual([
        'crossings',
        'files',
        'returns',
      ]);
      expect(
        walk.files.every((file) => /^(widget|desk)\/.+\.tsx?$/.test(file)),
        walk.name,
      ).toBe(true);
    }
    const full = walks.find((walk) => walk.name.startsWith('Walk C') && walk.name.endsWith('full'));
    expect(full?.files).toContain('widget/leads/rules/lead-fields.ts');
    expect(full?.files).toContain('desk/leads/timeline.ts');
  });

  it('says what each list counts', () => {
    const { claimed, counted } = claimsAndCounts(DOC);
    expect(counted).toEqual(claimed);
  });

  it('finds a count the text gets wrong', () => {
    const wrong = DOC.replace(
      /Spine, (\d+) files/,
      (_, files) => `Spine, ${Number(files) + 1} files`,
    );
    const { claimed, counted } = claimsAndCounts(wrong);
    expect(counted).not.toEqual(claimed);
  });
});
