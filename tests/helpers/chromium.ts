import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Where Debian puts Chromium; override with CHROMIUM_PATH. Nothing is ever downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The closed network here refuses Chromium's background connections; these flags keep a run
// quiet and deterministic (DEVELOPERS.md).
const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const FAKE_DEVICE = '--use-fake-device-for-media-stream';
const FAKE_UI = '--use-fake-ui-for-media-stream';

export interface LaunchOptions {
  /**
   * `'granted'`: a fake microphone and an auto-accepted permission prompt.
   * `'denied'`: a fake microphone but no auto-accept, so headless Chromium denies the prompt.
   * `'none'` (default): no media flags.
   */
  media?: 'granted' | 'denied' | 'none';
  /** Extra Chromium switches, for example `--autoplay-policy=no-user-gesture-required`. */
  args?: string[];
}

export function chromiumFlags(options: LaunchOptions = {}): string[] {
  const flags = [...BASE_FLAGS];
  if (options.media === 'granted') {
    flags.push(FAKE_DEVICE, FAKE_UI);
  } else if (options.media === 'denied') {
    flags.push(FAKE_DEVICE);
  }
  return [...flags, ...(options.args ?? [])];
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Run: bash scripts/ensure-chromium.sh (or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: chromiumFlags(options),
  });
}

/** Problems a page reported: uncaught exceptions and console.error lines. */
export interface PageProblems {
  readonly list: string[];
  /** Throws when the page reported any problem not matched by `allow`. */
  assertNone(allow?: RegExp[]): void;
}

/**
 * Opens a page that records every `pageerror` and `console.error`. Call
 * `problems.assertNone()` at the end of the test (or use `withPage`, which does it).
 */
export async function openPage(
  target: Browser | BrowserContext,
): Promise<{ page: Page; problems: PageProblems }> {
  const page = await target.newPage();
  const list: string[] = [];
  page.on('pageerror', (err) => list.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      list.push(`console.error: ${msg.text()}`);
    }
  });
  const problems: PageProblems = {
    list,
    assertNone(allow = []) {
      const unexpected = list.filter((line) => !allow.some((re) => re.test(line)));
      if (unexpected.length > 0) {
        throw new Error(`The page reported problems:\n${unexpected.join('\n')}`);
      }
    },
  };
  return { page, problems };
}

/** Runs `fn` with a fresh page and fails if the page logged an error or threw. */
export async function withPage<T>(
  browser: Browser,
  fn: (page: Page) => Promise<T>,
  allow: RegExp[] = [],
): Promise<T> {
  const context = await browser.newContext();
  try {
    const { page, problems } = await openPage(context);
    const result = await fn(page);
    problems.assertNone(allow);
    return result;
  } finally {
    await context.close();
  }
}
