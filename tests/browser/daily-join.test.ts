import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, test } from 'vitest';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

// One real-browser run of the REAL daily-js: CallClient starts a call with a local
// createWebCall. Daily's CDN is unreachable here, so daily-js cannot fetch its call engine and
// the join must end as a typed daily-call-join-error within our timeout, back in idle, with no
// unhandled rejection.

const FIXTURE = resolve('tests/fixtures/daily-join');
const JOIN_TIMEOUT_MS = 8000;

// Chromium logs each refused request for Daily's call bundle (its CDN does not resolve here)
// as a console error: that is the offline condition this test creates, nothing of ours.
const DAILY_OFFLINE_NOISE = [/^console\.error: Failed to load resource: net::ERR_/];

let outDir = '';

const env = browserFixture({
  launch: { media: 'granted' },
  serve: async () => {
    outDir = mkdtempSync(join(tmpdir(), 'daily-join-'));
    await build({
      configFile: false,
      root: FIXTURE,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        minify: false,
        target: 'es2022',
        reportCompressedSize: false,
      },
    });
    return {
      mounts: { '/': outDir },
      routes: { '/favicon.ico': (_req, res) => void res.writeHead(204).end() },
    };
  },
  cleanup: () => {
    if (outDir) {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
  timeoutMs: 120_000,
});

const STAGES_UNTIL_JOIN_FAILED = [
  'state:starting',
  'stage:initialization:started',
  'stage:initialization:completed',
  'stage:web-call-creation:started',
  'stage:web-call-creation:completed',
  'stage:daily-call-object-creation:started',
  'stage:daily-call-object-creation:completed',
  'stage:mobile-permissions:started',
  'stage:mobile-permissions:completed',
  'stage:daily-call-join:started',
  'stage:daily-call-join:failed',
  'state:idle',
  'call-start-failed:daily-call-join',
  'error:daily-call-join-error',
];

function runJoin(timeoutMs: number, settleMs: number) {
  return withPage(
    env.browser,
    async (page) => {
      await page.goto(`${env.server.url}/index.html`);
      return page.evaluate(([timeout, url, settle]) => window.runJoin(timeout, url, settle), [
        timeoutMs,
        'https://example.daily.co/room',
        settleMs,
      ] as const);
    },
    DAILY_OFFLINE_NOISE,
  );
}

describe('CallClient with the real daily-js, offline', () => {
  test('reaches daily-call-join-error within the join timeout, back to idle, no unhandled rejection', async () => {
    const report = await runJoin(JOIN_TIMEOUT_MS, 1500);
    expect(report.lines).toEqual(STAGES_UNTIL_JOIN_FAILED);
    expect(report.error).toMatchObject({ code: 'daily-call-join-error', stage: 'daily-call-join' });
    expect(report.error?.message).toMatch(/^Could not connect to the call\./);
    expect(report.elapsedMs).toBeLessThan(JOIN_TIMEOUT_MS + 1000);
    expect(report.state).toBe('idle');
    expect(report.resolvedWith).toBeNull();
    expect(report.unhandled).toEqual([]);
    // The page ran daily-js itself (not a stub): its lazily loaded chunk came from our server.
    expect(env.server.requests.some((path) => /daily-esm|daily/i.test(path))).toBe(true);
  }, 60_000);

  test('our shorter timeout wins, and daily-js failing later raises no unhandled rejection', async () => {
    const report = await runJoin(2000, 7000);
    expect(report.lines).toEqual(STAGES_UNTIL_JOIN_FAILED);
    expect(report.error?.message).toMatch(/\(no answer within 2 s\)\.$/);
    expect(report.elapsedMs).toBeLessThan(4000);
    expect(report.state).toBe('idle');
    expect(report.unhandled).toEqual([]);
  }, 60_000);
});
