import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CopyError, checkCopyFiles, checkCopyText } from '../../site/copy/check-copy.ts';
import { siteCopyPlugin } from '../../site/copy/copy-plugin.ts';
import featuresCopy from '../../site/copy/features.json' with { type: 'json' };

// The landing page's copy is data a marketer edits (docs/marketers.md) (site/copy/*.json), checked
// by a schema when the site builds; a bad file names the file, the field and what is expected.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A copy of the repository's copy files under a temporary root, with `file` replaced. */
function rootWith(file: string, text: string): string {
  const root = mkdtempSync(join(tmpdir(), 'site-copy-'));
  dirs.push(root);
  cpSync('site/copy', join(root, 'site/copy'), { recursive: true });
  writeFileSync(join(root, 'site/copy', file), text);
  return root;
}

describe('site/copy', () => {
  it('the committed copy files are valid', () => {
    expect(() => checkCopyFiles('.')).not.toThrow();
  });

  it('names the file, the field and what is expected, for every problem at once', () => {
    const [first, ...rest] = featuresCopy.features;
    const bad = {
      ...featuresCopy,
      features: [{ ...first, icon: 'rocket', title: '', colour: 'red' }, ...rest],
    };
    const problems = checkCopyText('features.json', JSON.stringify(bad));
    expect(problems).toEqual(
      expect.arrayContaining([
        'site/copy/features.json: features[0].icon must be one of: chat, target, chart, plug',
        'site/copy/features.json: features[0].title must be a text that is not empty',
        'site/copy/features.json: features[0].colour is not a field of this file: remove it or check its spelling',
      ]),
    );
    const { lead: _lead, ...intro } = featuresCopy.intro;
    expect(checkCopyText('features.json', JSON.stringify({ ...featuresCopy, intro }))).toEqual([
      'site/copy/features.json: intro.lead is missing: add it',
    ]);
  });

  it('claims only what the product does: no CRM, calendar sync or texting it does not have', () => {
    const all = ['hero', 'features', 'steps', 'company', 'hero-chat']
      .map((name) => readFileSync(`site/copy/${name}.json`, 'utf8'))
      .join('\n');
    for (const claim of [
      /Salesforce/,
      /HubSpot/,
      /kvCORE/,
      /Outlook/,
      /calendar sync/i,
      /\bSMS\b/,
      /\btexted\b|text you|text message/i,
      /MLS/,
    ]) {
      expect(all).not.toMatch(claim);
    }
    expect(all).toContain('Follow Up Boss');
    expect(all).toContain('signed webhooks');
  });

  it('says which file is not JSON', () => {
    const [problem] = checkCopyText('hero.json', '{ "badge": "AI", }');
    expect(problem).toMatch(/^site\/copy\/hero\.json: is not valid JSON/);
  });

  it('stops the build: the Vite plugin throws at build start with the list', () => {
    const root = rootWith('testimonials.json', JSON.stringify({ intro: {}, testimonials: [] }));
    const plugin = siteCopyPlugin(root);
    const start = plugin.buildStart as () => void;
    let caught: unknown;
    try {
      start.call({});
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CopyError);
    const message = (caught as CopyError).message;
    expect(message).toContain('site/copy/testimonials.json: intro.eyebrow is missing: add it');
    expect(message).toContain(
      'site/copy/testimonials.json: testimonials must NOT have fewer than 1 items',
    );
  });
});
