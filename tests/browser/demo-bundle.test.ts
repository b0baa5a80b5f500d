import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIP_IDS } from '../../widget/demo/script.ts';
import { recordedEvents, recordPage, waitForEvent } from '../fixtures/demo/demo-page.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

/** Strings only the demo assistant's code contains (error code, ended reason, recording note). */
const DEMO_MARKERS = ['demo-audio-unavailable', 'assistant-said-end-call-phrase', 'cannot record'];

/** The bound on the recorded voice: all clips together well under 200 KB. */
const AUDIO_BUDGET_BYTES = 200 * 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function withDemoCode(paths: string[]): string[] {
  return paths.filter((path) => {
    const text = readFileSync(path, 'utf8');
    return DEMO_MARKERS.some((marker) => text.includes(marker));
  });
}

describe('the demo assistant stays out of the real path (built files)', () => {
  it('ES widget build: demo code in its own chunk only, voice clips as separate relative assets', () => {
    const scripts = filesUnder('dist/widget').filter(
      (path) => path.endsWith('.js') && !path.endsWith('.umd.js'),
    );
    const demo = withDemoCode(scripts);
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatch(/chunks\/demo-call-[\w-]+\.js$/);
    expect(withDemoCode(['dist/widget/voice-assistant.js'])).toEqual([]);

    const chunk = readFileSync(demo[0] ?? '', 'utf8');
    const clips = filesUnder('dist/widget').filter((path) => path.endsWith('.webm'));
    expect(clips).toHaveLength(CLIP_IDS.length);
    for (const clip of clips) {
      // Resolved against the chunk's own URL, so it works wherever the widget is hosted.
      const fromChunk = relative(dirname(demo[0] ?? ''), clip);
      const quoted = `[\`'"]${fromChunk.replace(/[.]/g, '\\.')}[\`'"]`;
      expect(chunk).toMatch(
        new RegExp(`new URL\\(\\s*${quoted}\\s*,\\s*import\\.meta\\.url\\s*\\)`),
      );
    }
    const total = clips.reduce((sum, clip) => sum + statSync(clip).size, 0);
    expect(total).toBeLessThan(AUDIO_BUDGET_BYTES);
    expect(chunk).not.toMatch(/data:audio/);
  });

  it('site build: demo code only in its lazy chunk', () => {
    const scripts = filesUnder('dist/site').filter((path) => path.endsWith('.js'));
    const demo = withDemoCode(scripts);
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatch(/demo-call-[\w-]+\.js$/);
  });
});

/** A host page using the ES build, served by `routes` so it can name this server's own URL. */
function hostPage(attributes: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,">
<script type="module" src="/widget/voice-assistant.js"></script></head>
<body><main><voice-assistant ${attributes}></voice-assistant></main></body></html>`;
}

const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "require-trusted-types-for 'script'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "img-src 'self' data:",
].join('; ');

describe('the ES widget build in host pages', () => {
  const env = browserFixture({
    launch: { media: 'granted' },
    serve: {
      mounts: { '/widget/': 'dist/widget' },
      headers: { 'content-security-policy': STRICT_CSP },
      routes: {
        '/real.html': (req, res) => {
          const api = `http://${req.headers.host}/api`;
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(hostPage(`assistant-id="asst_1" public-key="pk_test" api-base-url="${api}"`));
        },
        '/demo.html': (_req, res) => {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(hostPage('assistant-id="demo" demo'));
        },
        '/api/call/web': (_req, res) => {
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}');
        },
      },
    },
  });

  it('a real call never fetches the demo code or its voice', async () => {
    await withPage(
      env.browser,
      async (page) => {
        await page.addInitScript(recordPage);
        await page.goto(`${env.server.url}/real.html`);
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await waitForEvent(page, 'error');
        const demoRequests = env.server.requests.filter(
          (path) => path.includes('demo-call') || path.endsWith('.webm'),
        );
        expect(demoRequests).toEqual([]);
        expect(env.server.requests).toContain('/api/call/web');
      },
      [/503|Failed to load resource|voice-assistant/],
    );
  });

  it('the demo talks under a strict CSP with no violation', async () => {
    await withPage(env.browser, async (page) => {
      await page.addInitScript(recordPage);
      await page.addInitScript(() => {
        const violations: string[] = [];
        (window as unknown as { violations: string[] }).violations = violations;
        document.addEventListener('securitypolicyviolation', (event) => {
          violations.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await page.goto(`${env.server.url}/demo.html`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await waitForEvent(page, 'speech-start');
      await page.getByRole('button', { name: 'Stop' }).click();
      await waitForEvent(page, 'call-end');
      const events = await recordedEvents(page);
      expect(events.some((e) => e.name === 'error')).toBe(false);
      expect(
        await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
      ).toEqual([]);
      expect(env.server.requests.filter((path) => path.endsWith('.webm'))).toHaveLength(
        CLIP_IDS.length,
      );
    });
  });
});
