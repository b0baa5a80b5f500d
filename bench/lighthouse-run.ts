import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH as CHROMIUM, chromiumFlags } from '../tests/helpers/chromium.ts';

// One Lighthouse 12 run (mobile preset, simulated throttling) in a fresh headless Chromium: the
// machinery every Lighthouse bench shares (bench/lighthouse.bench.ts, bench/lighthouse-inbox.bench.ts).

// The same network-quiet flags as the browser tests, plus Lighthouse's headless mode.
const FLAGS = ['--headless=new', ...chromiumFlags()];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<string, number>;
  lcp: number;
  cls: number;
  tbt: number;
  /** The URLs of the scripts the page loaded. */
  scripts: string[];
  /** Bytes of those scripts as they crossed the network (compressed when the server compressed). */
  scriptTransferBytes: number;
  /** What moved, for a CLS above 0: each shifted element's selector and its score. */
  shifts: string[];
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function lighthouseRun(
  url: string,
  categories: readonly Category[] = CATEGORIES,
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...categories],
    });
    if (!result) {
      throw new Error(`Lighthouse returned nothing for ${url}`);
    }
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = (id: string) =>
      (lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ??
      [];
    const scripts = items('network-requests').filter((item) => item.resourceType === 'Script');
    return {
      scores: Object.fromEntries(
        categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      scripts: scripts.map((item) => String(item.url)),
      scriptTransferBytes: scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
      shifts: items('layout-shifts').map(
        (item) =>
          `${String((item.node as { selector?: string } | undefined)?.selector ?? '?')} ${Number(item.score).toFixed(3)}`,
      ),
    };
  } finally {
    chrome.kill();
  }
}
