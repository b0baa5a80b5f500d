import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { CHROMIUM_PATH as CHROMIUM } from '../tests/helpers/chromium.ts';
import { startStaticServer } from '../tests/helpers/static-server.ts';
import type { BenchReport } from './bench-types.ts';
import { compressedSize } from './compressed-size.ts';
import { CATEGORIES, type LighthouseRun, lighthouseRun, median } from './lighthouse-run.ts';

// Lighthouse 12 (mobile preset, simulated throttling) three times per route on the built site,
// served compressed on 127.0.0.1, next to an empty React 19 page built in the same run.

// LIGHTHOUSE_RUNS=5 for a longer series (the TBT of every run on / is printed either way).
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// LIGHTHOUSE_PAGES=/,/embed measures only those pages (and the empty React page, the LCP
// yardstick): for comparing two builds back to back. The budgets of pages not measured are skipped.
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
// LIGHTHOUSE_COMPARE=<dir>: another build of the site whose / is measured in the same rounds, right
// after this build's (a row "/ (<dir>)"), so both meet the same machine load. Reported, not budgeted.
const COMPARE_DIR = process.env.LIGHTHOUSE_COMPARE;
const SITE_DIR = process.env.SITE_DIST ?? 'dist/site';
const BASELINE_DIR = 'dist/.bench-empty-react';

interface SiteBudgets {
  minScores: Record<(typeof CATEGORIES)[number], number>;
  assistantMinAccessibility: number;
  maxLcpOverBaseline: number;
  maxCls: number;
  maxTbtMs: number;
  maxJsGzipBytes: number;
}

async function buildBaseline(): Promise<void> {
  await build({
    configFile: false,
    root: 'tests/fixtures/site/empty-react',
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: join(process.cwd(), BASELINE_DIR), emptyOutDir: true },
  });
}

/** gzip bytes of the same-origin scripts a page loaded, read from the built files. */
function scriptGzipBytes(origin: string, urls: string[], dir: string): number {
  return urls
    .filter((url) => url.startsWith(origin))
    .reduce(
      (sum, url) => sum + compressedSize(readFileSync(join(dir, new URL(url).pathname))).gzip,
      0,
    );
}

export default async function lighthouseBench(): Promise<BenchReport> {
  const budgets = (JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { site: SiteBudgets })
    .site;
  await buildBaseline();
  // Served as a production host would: compressed, hashed assets cached, the site's 404 page.
  const site = await startStaticServer({
    mounts: { '/': SITE_DIR },
    notFound: join(SITE_DIR, '404.html'),
    production: true,
  });
  const baseline = await startStaticServer({ mounts: { '/': BASELINE_DIR }, production: true });
  const compare = COMPARE_DIR
    ? await startStaticServer({
        mounts: { '/': COMPARE_DIR },
        notFound: join(COMPARE_DIR, '404.html'),
        production: true,
      })
    : null;
  const targets = [
    { name: 'empty React 19 page', url: `${baseline.url}/` },
    { name: '/', url: `${site.url}/` },
    { name: '/assistant?assistantId=demo', url: `${site.url}/assistant?assistantId=demo` },
    { name: '/privacy', url: `${site.url}/privacy` },
    { name: '/terms', url: `${site.url}/terms` },
    { name: '/embed', url: `${site.url}/embed` },
  ].filter((t, i) => i === 0 || !ONLY || ONLY.includes(t.name.split('?')[0] ?? t.name));
  if (compare) {
    targets.splice(2, 0, { name: `/ (${COMPARE_DIR})`, url: `${compare.url}/` });
  }
  // Pages that must score the minimum in every category, in every run (not only the median).
  const fullScorePages = ['/', '/privacy', '/terms', '/embed'];
  const runs = new Map<string, LighthouseRun[]>(targets.map((t) => [t.name, []]));
  try {
    // Interleaved, so a slow moment of the machine hits every page alike.
    for (let i = 0; i < RUNS; i++) {
      for (const target of targets) {
        runs.get(target.name)?.push(await lighthouseRun(target.url));
      }
    }
  } finally {
    await site.close();
    await baseline.close();
    await compare?.close();
    rmSync(BASELINE_DIR, { recursive: true, force: true });
  }

  const summary = (name: string) => {
    const list = runs.get(name) ?? [];
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, median(list.map((r) => r.scores[c] ?? 0))]),
      ),
      lcp: median(list.map((r) => r.lcp)),
      cls: median(list.map((r) => r.cls)),
      tbt: median(list.map((r) => r.tbt)),
      scripts: list[0]?.scripts ?? [],
    };
  };
  const empty = summary('empty React 19 page');
  const landing = summary('/');
  const assistant = summary('/assistant?assistantId=demo');
  const jsGzip = scriptGzipBytes(site.url, landing.scripts, SITE_DIR);

  const rows = targets
    .map((target) => summary(target.name))
    .map((s, i) => ({
      page: targets[i]?.name ?? '',
      performance: s.scores.performance ?? 0,
      accessibility: s.scores.accessibility ?? 0,
      'best-practices': s.scores['best-practices'] ?? 0,
      seo: s.scores.seo ?? 0,
      'LCP ms': Math.round(s.lcp),
      CLS: Number(s.cls.toFixed(3)),
      'TBT ms': Math.round(s.tbt),
    }));

  const failures: string[] = [];
  for (const page of fullScorePages) {
    for (const [run, result] of (runs.get(page) ?? []).entries()) {
      for (const category of CATEGORIES) {
        const score = result.scores[category] ?? 0;
        if (score < budgets.minScores[category]) {
          failures.push(
            `${page} ${category} ${score} < ${budgets.minScores[category]} (run ${run + 1})`,
          );
        }
      }
    }
  }
  const a11y = assistant.scores.accessibility ?? 0;
  if (a11y < budgets.assistantMinAccessibility) {
    failures.push(`/assistant accessibility ${a11y} < ${budgets.assistantMinAccessibility}`);
  }
  const lcpLimit = empty.lcp * budgets.maxLcpOverBaseline;
  if (landing.lcp > lcpLimit) {
    failures.push(
      `/ LCP ${Math.round(landing.lcp)} ms > ${Math.round(lcpLimit)} ms (empty React page × ${budgets.maxLcpOverBaseline})`,
    );
  }
  if (landing.cls > budgets.maxCls) {
    failures.push(`/ CLS ${landing.cls} > ${budgets.maxCls}`);
  }
  if (landing.tbt > budgets.maxTbtMs) {
    failures.push(`/ TBT ${Math.round(landing.tbt)} ms > ${budgets.maxTbtMs} ms`);
  }
  if (jsGzip > budgets.maxJsGzipBytes) {
    failures.push(`/ JS before widget use ${jsGzip} B gzip > ${budgets.maxJsGzipBytes} B`);
  }
  return {
    title: `Lighthouse (mobile, median of ${RUNS}, served compressed)`,
    rows,
    failures,
    notes: [
      ...(COMPARE_DIR
        ? [
            `TBT on / (${COMPARE_DIR}) per run: ${(runs.get(`/ (${COMPARE_DIR})`) ?? []).map((r) => Math.round(r.tbt)).join(', ')} ms; LCP per run: ${(runs.get(`/ (${COMPARE_DIR})`) ?? []).map((r) => Math.round(r.lcp)).join(', ')} ms`,
          ]
        : []),
      `TBT on / per run: ${(runs.get('/') ?? []).map((r) => Math.round(r.tbt)).join(', ')} ms; LCP per run: ${(runs.get('/') ?? []).map((r) => Math.round(r.lcp)).join(', ')} ms`,
      `JS on / before the widget is used: ${(jsGzip / 1024).toFixed(1)} KB gzip in ${landing.scripts.length} script(s) (budget ${(budgets.maxJsGzipBytes / 1024).toFixed(0)} KB)`,
      `LCP of / is ${((landing.lcp / empty.lcp) * 100).toFixed(0)}% of the empty React 19 page's (limit ${(budgets.maxLcpOverBaseline * 100).toFixed(0)}%)`,
      `Chromium ${CHROMIUM}, Lighthouse default mobile preset (simulated slow 4G, 4x CPU)`,
    ],
  };
}
