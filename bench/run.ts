import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Bench } from './bench-types.ts';
import { formatTable } from './format-table.ts';

// Runs every bench/*.bench.ts in name order (or only those named on the command line), prints
// each table, and exits non-zero when any budget is exceeded.
const only = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const allFailures: string[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(`bench/${file}`).href)) as { default: Bench };
  const started = performance.now();
  const report = await mod.default();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n## ${report.title}  (${file}, ${seconds} s)\n`);
  console.log(formatTable(report.rows));
  for (const note of report.notes ?? []) {
    console.log(`  note: ${note}`);
  }
  for (const failure of report.failures) {
    console.log(`  OVER BUDGET: ${failure}`);
  }
  allFailures.push(...report.failures);
}

if (allFailures.length > 0) {
  console.log(`\n${allFailures.length} budget(s) exceeded.`);
  process.exit(1);
}
console.log('\nAll budgets met.');
