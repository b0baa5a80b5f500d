/** Renders rows as an aligned plain-text table (first row's keys are the columns). */
export function formatTable(rows: Array<Record<string, string | number>>): string {
  const first = rows[0];
  if (!first) {
    return '(no rows)';
  }
  const columns = Object.keys(first);
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? '')));
  const widths = columns.map((c, i) =>
    Math.max(c.length, ...cells.map((r) => (r[i] ?? '').length)),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
