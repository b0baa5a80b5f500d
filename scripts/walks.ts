import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Counts the walks of docs/architecture.md ("## Walks"): each list of files a walk opens, with
 * its folder crossings and returns by the method written there, beside the counts the text
 * claims. `npm run walks` prints them; tests/unit/walks.test.ts fails when a claim and its list
 * differ.
 */

const DOC = resolve(dirname(fileURLToPath(import.meta.url)), '../docs/architecture.md');
const SECTION = '## Walks';

/** What a list of files adds up to. */
export interface WalkCount {
  files: number;
  /** Consecutive files of the list in different folders (a subfolder is its own folder). */
  crossings: number;
  /** Files opened in a folder the list had already left. */
  returns: number;
}

/** One list of a walk and what the text says of it. */
export interface WalkList {
  /** `Walk A: the Talk click to the call's join (widget), spine`. */
  name: string;
  /** Repository paths, in the order the walk opens them. */
  files: string[];
  /** The counts the text gives, for the whole list and for a first part of it. */
  claims: { first: number; count: Partial<WalkCount> }[];
}

/** Thrown when the section, a walk's tree or a claimed list cannot be found. */
export class WalksError extends Error {
  readonly code = 'walks-unreadable';
  constructor(message: string) {
    super(message);
    this.name = 'WalksError';
  }
}

/** The crossings and returns of `files` (repository paths), by the method of "## Walks". */
export function countWalk(files: readonly string[]): WalkCount {
  const left = new Set<string>();
  let crossings = 0;
  let returns = 0;
  files.forEach((file, index) => {
    const folder = dirname(file);
    const before = index > 0 ? dirname(files[index - 1] ?? '') : folder;
    if (folder !== before) {
      crossings += 1;
      left.add(before);
      if (left.has(folder)) {
        returns += 1;
      }
    }
  });
  return { files: files.length, crossings, returns };
}

const NUMBER = /(\d+|no) (files?|crossings?|returns?)/g;

/** The counts a claim's words give ("16 files, 8 crossings, 2 returns", "no return"). */
function countsIn(words: string): Partial<WalkCount> {
  const count: Partial<WalkCount> = {};
  for (const [, amount = '', noun = ''] of words.matchAll(NUMBER)) {
    const value = amount === 'no' ? 0 : Number(amount);
    const key = noun.startsWith('file')
      ? 'files'
      : noun.startsWith('crossing')
        ? 'crossings'
        : 'returns';
    count[key] ??= value;
  }
  return count;
}

/** A path of the walk as a repository path: written under the walk's tree unless it names one. */
function inTree(path: string, tree: string): string {
  return path.startsWith('widget/') || path.startsWith('desk/') ? path : `${tree}/${path}`;
}

const SOURCE = /`([^`\s]+\.tsx?)`/g;

/**
 * The lists of every walk. A walk is a `### Walk …` heading whose parenthesis names its tree
 * (`(widget)`, `(desk)`); each paragraph that opens with "Spine" or "Full" claims counts, and its
 * list is the numbered list right after it, or, when the paragraph says "In order", the backticked
 * source files after those words. "(the first N), X crossings and Y returns" claims a first part.
 */
export function readWalks(markdown: string): WalkList[] {
  const start = markdown.indexOf(`\n${SECTION}\n`);
  if (start < 0) {
    throw new WalksError(`no "${SECTION}" heading`);
  }
  const rest = markdown.slice(start + SECTION.length + 2);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const walks: WalkList[] = [];
  for (const part of section.split(/\n(?=### )/).filter((text) => text.startsWith('### Walk'))) {
    const heading = part.slice(4, part.indexOf('\n')).trim();
    const tree = /\((widget|desk)\)\s*$/.exec(heading)?.[1];
    if (tree === undefined) {
      throw new WalksError(`${heading}: no (widget) or (desk) at the end of its heading`);
    }
    const paragraphs = part.split(/\n\s*\n/);
    paragraphs.forEach((paragraph, index) => {
      const kind = /^(Spine|Full)\b/.exec(paragraph.trim())?.[1];
      if (kind === undefined) {
        return;
      }
      const ordered = paragraph.indexOf('In order');
      const listed =
        ordered >= 0
          ? paragraph.slice(ordered)
          : (paragraphs[index + 1] ?? '')
              .split('\n')
              .filter((line) => /^\d+\. /.test(line))
              .map((line) => /`([^`\s]+\.tsx?)`/.exec(line)?.[0] ?? '')
              .join('\n');
      const files = [...listed.matchAll(SOURCE)].map((match) => inTree(match[1] ?? '', tree));
      if (files.length === 0) {
        throw new WalksError(`${heading}, ${kind.toLowerCase()}: no list of files`);
      }
      const claimed = ordered >= 0 ? paragraph.slice(0, ordered) : paragraph;
      const [whole = '', firstPart] = claimed.split(/;\s*up to\s/);
      const claims = [{ first: files.length, count: countsIn(whole) }];
      const first = firstPart && /the first (\d+)\)/.exec(firstPart);
      if (firstPart && first) {
        claims.push({
          first: Number(first[1]),
          count: countsIn(firstPart.slice(first.index + first[0].length)),
        });
      }
      walks.push({ name: `${heading}, ${kind.toLowerCase()}`, files, claims });
    });
  }
  return walks;
}

/** Each claim of each list beside what its list counts: equal when the text is right. */
export function checkWalks(
  markdown: string,
): { name: string; claimed: Partial<WalkCount>; counted: WalkCount }[] {
  return readWalks(markdown).flatMap((walk) =>
    walk.claims.map(({ first, count }) => {
      return {
        name: first === walk.files.length ? walk.name : `${walk.name}, the first ${first}`,
        claimed: count,
        counted: countWalk(walk.files.slice(0, first)),
      };
    }),
  );
}

/** "16 files, 8 crossings, 2 returns", of what a count has. */
function said(count: Partial<WalkCount>): string {
  return (['files', 'crossings', 'returns'] as const)
    .filter((key) => count[key] !== undefined)
    .map((key) => `${count[key]} ${count[key] === 1 ? key.slice(0, -1) : key}`)
    .join(', ');
}

/** `npm run walks`: each list's counts, and whether the text says the same. */
function main(): number {
  let wrong = 0;
  for (const { name, claimed, counted } of checkWalks(readFileSync(DOC, 'utf8'))) {
    const same = (Object.keys(claimed) as (keyof WalkCount)[]).every(
      (key) => claimed[key] === counted[key],
    );
    wrong += same ? 0 : 1;
    console.log(`${name}: ${said(counted)}${same ? '' : `  (the text says ${said(claimed)})`}`);
  }
  return wrong === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
