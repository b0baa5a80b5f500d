import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { bundleDesk } from '../scripts/desk-bundle.ts';
import type { BenchReport } from './bench-types.ts';

// `npm run bench -- desk-cli` (issue 28): how long `npm run desk -- <command>` takes, as a
// broker types it, from the compiled desk on the embedded database with no desk running (the
// command opens the database itself). Each command runs RUNS times; the median counts.

const run = promisify(execFile);
const RUNS = 5;

interface DeskCliBudgets {
  maxMedianMs: number;
}

interface Timing {
  wallMs: number;
  /** User + system CPU of npm and the desk together: what the load average does not change. */
  cpuMs: number;
}

/** One `npm run desk -- …` until it exits, timed by bash's `time` keyword for its CPU. */
async function timed(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Timing> {
  const started = performance.now();
  const { stderr } = await run(
    'bash',
    [
      '-c',
      'TIMEFORMAT="cpu %U %S"; time npm run --silent desk -- "$@" > /dev/null',
      'bash',
      ...args,
    ],
    { env, timeout: 120_000 },
  );
  const wallMs = performance.now() - started;
  const [, user = 'NaN', system = 'NaN'] = /cpu (\S+) (\S+)\s*$/.exec(stderr) ?? [];
  return { wallMs, cpuMs: (Number(user) + Number(system)) * 1000 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export default async function deskCliBench(): Promise<BenchReport> {
  const { deskCli: budgets } = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
    deskCli: DeskCliBudgets;
  };
  // The bench measures the build, so it makes it current first (desk/launch.mjs would run the
  // sources through tsx otherwise).
  await bundleDesk(resolve('dist/desk'));
  const dataDir = await mkdtemp(join(tmpdir(), 'desk-cli-bench-'));
  const env = { ...process.env, DESK_DATA_DIR: dataDir, DESK_PASSWORD: 'bench-password-1234' };
  try {
    const rows: Array<Record<string, string | number>> = [];
    const failures: string[] = [];
    const first = await timed(['deliveries'], env);
    rows.push({
      command: 'deliveries, first on a new data folder (creates the database)',
      'median ms': Math.round(first.wallMs),
      'cpu ms': Math.round(first.cpuMs),
      budget: 'reported',
    });
    const commands: Array<{ label: string; args: (i: number) => string[] }> = [
      { label: 'deliveries', args: () => ['deliveries'] },
      { label: 'export (empty database)', args: () => ['export'] },
      {
        label: 'add-user',
        args: (i) => [
          'add-user',
          '--email',
          `bench${i}@example.com`,
          '--name',
          'B',
          '--role',
          'agent',
        ],
      },
    ];
    for (const command of commands) {
      const times: Timing[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        times.push(await timed(command.args(i), env));
      }
      const ms = median(times.map((t) => t.wallMs));
      rows.push({
        command: command.label,
        'median ms': Math.round(ms),
        'cpu ms': Math.round(median(times.map((t) => t.cpuMs))),
        budget: `≤ ${budgets.maxMedianMs}`,
      });
      if (ms > budgets.maxMedianMs) {
        failures.push(
          `npm run desk -- ${command.label}: ${Math.round(ms)} ms > ${budgets.maxMedianMs} ms`,
        );
      }
    }
    return {
      title: 'Desk CLI: npm run desk -- <command>, compiled, embedded database',
      rows,
      failures,
      notes: [
        `median of ${RUNS} runs each, wall time including npm (the budget) and CPU time of npm and the desk; load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' / ')} over 1 / 5 / 15 min on ${process.platform}`,
      ],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
