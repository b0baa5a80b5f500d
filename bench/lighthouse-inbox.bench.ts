import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { parseDeskEnv } from '../desk/config/desk-env.ts';
import { startDesk } from '../desk/start-desk.ts';
import type { BenchReport } from './bench-types.ts';
import { type Category, type LighthouseRun, lighthouseRun, median } from './lighthouse-run.ts';

// Issue 28 #5: the inbox's sign-in page as a broker's phone first meets it. Lighthouse (mobile
// preset, simulated slow 4G and 4x CPU) on /inbox/sign-in served by the real desk from dist/inbox
// (`npm run build:inbox`), precompressed as in production; three runs (LIGHTHOUSE_RUNS), medians
// against bench/budgets.json `inbox`: category scores, CLS, and the JavaScript bytes the page
// loaded as they crossed the network.

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const satisfies Category[];

interface InboxBudgets {
  signInMinScores: Record<(typeof CATEGORIES)[number], number>;
  signInMaxCls: number;
  signInJsBytes: number;
}

export default async function lighthouseInboxBench(): Promise<BenchReport> {
  const budgets = (
    JSON.parse(await readFile('bench/budgets.json', 'utf8')) as { inbox: InboxBudgets }
  ).inbox;
  const dataDir = await mkdtemp(join(tmpdir(), 'inbox-lighthouse-'));
  const desk = await startDesk(parseDeskEnv({ DESK_PORT: '0', DESK_DATA_DIR: dataDir }), {
    log: pino({ level: 'silent' }),
    deliver: false,
    weeklyReport: false,
  });
  const runs: LighthouseRun[] = [];
  const load = loadavg()[0] ?? 0;
  try {
    for (let i = 0; i < RUNS; i++) {
      runs.push(await lighthouseRun(`${desk.url}/inbox/sign-in`, CATEGORIES));
    }
  } finally {
    await desk.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const score = (c: (typeof CATEGORIES)[number]) => median(runs.map((r) => r.scores[c] ?? 0));
  const cls = median(runs.map((r) => r.cls));
  const js = median(runs.map((r) => r.scriptTransferBytes));
  const row = {
    page: '/inbox/sign-in',
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    'LCP ms': Math.round(median(runs.map((r) => r.lcp))),
    CLS: Number(cls.toFixed(3)),
    'TBT ms': Math.round(median(runs.map((r) => r.tbt))),
    'JS KB (transferred)': Number((js / 1024).toFixed(1)),
  };
  const failures: string[] = [];
  for (const category of CATEGORIES) {
    if (row[category] < budgets.signInMinScores[category]) {
      failures.push(
        `/inbox/sign-in ${category} ${row[category]} < ${budgets.signInMinScores[category]}`,
      );
    }
  }
  if (cls > budgets.signInMaxCls) {
    failures.push(`/inbox/sign-in CLS ${cls} > ${budgets.signInMaxCls}`);
  }
  if (js > budgets.signInJsBytes) {
    failures.push(`/inbox/sign-in JS ${js} B transferred > ${budgets.signInJsBytes} B`);
  }
  const shifts = [...new Set(runs.flatMap((r) => r.shifts))];
  return {
    title: `Inbox sign-in: Lighthouse (mobile, median of ${RUNS}, served by the desk)`,
    rows: [row],
    failures,
    notes: [
      `performance per run: ${runs.map((r) => r.scores.performance).join(', ')}; LCP per run: ${runs.map((r) => Math.round(r.lcp)).join(', ')} ms`,
      `JS loaded: ${runs[0]?.scripts.map((url) => new URL(url).pathname).join(', ')} (budget ${(budgets.signInJsBytes / 1024).toFixed(0)} KB as transferred)`,
      ...(shifts.length > 0 ? [`layout shifts: ${shifts.join('; ')}`] : []),
      `load average at the start: ${load.toFixed(1)} (Performance varies with the machine's load)`,
    ],
  };
}
