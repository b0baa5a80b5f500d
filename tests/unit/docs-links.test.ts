import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs are written once and linked, not repeated: a link or a code comment that cites a
// section must land on a heading that exists, or a rename silently strands the reader.

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (fenced code is not scanned). */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set(
    [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingAnchor(match[1] ?? '')),
  );
}

const markdownFiles = ['README.md', ...tracked('docs').filter((file) => file.endsWith('.md'))];

function tracked(folder: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', folder],
    {
      encoding: 'utf8',
    },
  );
  return listed.split('\n').filter(Boolean);
}

/** Broken relative links of one Markdown file, as `file: link` lines. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (target === undefined || /^[a-z]+:/.test(target)) {
      continue;
    }
    const [path = '', anchor] = target.split('#');
    const linked = path === '' ? file : normalize(join(dirname(file), path));
    if (!existsSync(linked)) {
      broken.push(`${file}: ${target} (no such file)`);
    } else if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) {
      broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  return broken;
}

describe('the documentation’s links', () => {
  it('land on files and headings that exist (README.md and docs/)', () => {
    expect(markdownFiles.length).toBeGreaterThan(5);
    expect(markdownFiles.flatMap(brokenLinks)).toEqual([]);
  });

  it('cited from code comments as docs/<page>.md#<section> name real sections', () => {
    const sources = ['widget', 'site', 'desk', 'scripts', 'tests', 'bench'].flatMap(tracked);
    const cited = new Set<string>();
    for (const file of sources.filter((name) => /\.(ts|tsx|css|sh)$/.test(name))) {
      for (const [citation] of readFileSync(file, 'utf8').matchAll(/\b[a-z-]+\.md#[a-z0-9-]+/g)) {
        cited.add(citation);
      }
    }
    expect(cited.size).toBeGreaterThan(10);
    const missing = [...cited].filter((citation) => {
      const [page = '', anchor = ''] = citation.split('#');
      const file = join('docs', page);
      return !existsSync(file) || !anchorsOf(file).has(anchor);
    });
    expect(missing).toEqual([]);
  });

  it('make anchors as GitHub does', () => {
    expect(headingAnchor("The site's widgets and the desk")).toBe('the-sites-widgets-and-the-desk');
    expect(headingAnchor('`npm test`')).toBe('npm-test');
    expect(headingAnchor('Embedding the widget: entries, loading, CSP')).toBe(
      'embedding-the-widget-entries-loading-csp',
    );
  });
});
