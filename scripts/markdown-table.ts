/**
 * Reading a table out of a markdown document, for the tables in docs/ that code follows (the
 * widget's chunk map, the desk's layers; docs/architecture.md).
 */

/** Thrown when the document has no such heading, or no table under it. */
export class MarkdownTableError extends Error {
  readonly code = 'markdown-table-missing';
  constructor(message: string) {
    super(message);
    this.name = 'MarkdownTableError';
  }
}

/** A row's cells, trimmed, without the outer pipes. */
export function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The backticked items of a cell (`a`, `b (types)`), each with the words after it. */
export function items(cell: string): { value: string; note: string }[] {
  return [...cell.matchAll(/`([^`]+)`([^`,;]*)/g)].map((match) => ({
    value: match[1] ?? '',
    note: (match[2] ?? '').trim(),
  }));
}

/**
 * The body lines (header and separator left out) of the first table under `heading` (a whole
 * line, `## Title`). Throws {@link MarkdownTableError}.
 */
export function tableLines(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) {
    throw new MarkdownTableError(`no "${heading}" heading`);
  }
  const lines = markdown.slice(start + 1).split('\n');
  const next = lines.findIndex((line, index) => index > 0 && /^#{1,2} /.test(line));
  const first = lines.findIndex((line) => line.startsWith('|'));
  if (first < 0 || (next >= 0 && first > next)) {
    throw new MarkdownTableError('no table under the heading');
  }
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first + 2, end < 0 ? undefined : end);
}
