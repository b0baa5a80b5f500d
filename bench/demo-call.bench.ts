import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium, openPage } from '../tests/helpers/chromium.ts';
import { startStaticServer } from '../tests/helpers/static-server.ts';
import type { BenchReport } from './bench-types.ts';
import { compressedSize } from './compressed-size.ts';
import { kb } from './format-table.ts';

// Issue 7's figures for a demo call on the built /assistant page (what `npm start` serves):
// - while the assistant speaks: frames per second and our script time per frame. Frames are
//   counted in the page (requestAnimationFrame is wrapped, and each callback is timed); the
//   script time is Chromium's own `ScriptDuration` (CDP Performance domain), i.e. all JavaScript
//   the page ran in the window (the wave, the call client, the demo room, React), per frame;
// - after Stop: animation frames requested (the wave loop must be gone);
// - the demo's own bytes: its lazy chunk and its voice clips (never fetched on the real path).

interface DemoBudgets {
  demoCall?: { minFps?: number; maxScriptMsPerFrame?: number; maxFramesAfterStop?: number };
}

const MEASURE_MS = 3000;
const AFTER_STOP_MS = 2000;

interface FrameProbe {
  requested: number;
  callbacks: number;
  callbackMs: number;
  stamps: number[];
}

declare global {
  interface Window {
    __frames: FrameProbe;
    __callEvents: string[];
  }
}

/** Wraps requestAnimationFrame before any page script: counts requests, times callbacks. */
function probeFrames(): void {
  window.__frames = { requested: 0, callbacks: 0, callbackMs: 0, stamps: [] };
  window.__callEvents = [];
  for (const name of ['speech-start', 'call-end']) {
    document.addEventListener(`voice-assistant:${name}`, () => window.__callEvents.push(name));
  }
  const request = window.requestAnimationFrame.bind(window);
  // `window.__frames` is read at each call, so resetting it between phases takes effect.
  window.requestAnimationFrame = (callback) => {
    window.__frames.requested += 1;
    return request((time) => {
      const started = performance.now();
      try {
        callback(time);
      } finally {
        const probe = window.__frames;
        probe.callbacks += 1;
        probe.callbackMs += performance.now() - started;
        probe.stamps.push(time);
      }
    });
  };
}

function resetProbe(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.__frames = { requested: 0, callbacks: 0, callbackMs: 0, stamps: [] };
  });
}

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>;
  };

  return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
}

function demoBytes(): { chunkGzip: number; audio: number; clips: number } {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  const files = walk('dist/widget');
  const chunk = files.find((f) => /chunks\/demo-call-[\w-]+\.js$/.test(f));
  const clips = files.filter((f) => f.endsWith('.webm'));
  return {
    chunkGzip: chunk ? compressedSize(readFileSync(chunk)).gzip : 0,
    audio: clips.reduce((sum, f) => sum + statSync(f).size, 0),
    clips: clips.length,
  };
}

export default async function demoCallBench(): Promise<BenchReport> {
  const budgets = (JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as DemoBudgets).demoCall;
  const server = await startStaticServer({
    mounts: { '/': 'dist/site' },
    fallback: 'dist/site/index.html',
  });
  const browser = await launchChromium({ media: 'granted' });
  try {
    const { page } = await openPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(probeFrames);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${server.url}/assistant?assistantId=demo`);
    await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
    await page.waitForTimeout(500);
    const idleFrames = await page.evaluate(() => window.__frames.requested);

    await page.getByRole('button', { name: 'Talk to Assistant' }).click();
    await page.waitForFunction(() => window.__callEvents.includes('speech-start'), null, {
      timeout: 20_000,
    });
    await resetProbe(page);
    const scriptBefore = await scriptSeconds(cdp);
    await page.waitForTimeout(MEASURE_MS);
    const scriptAfter = await scriptSeconds(cdp);
    const speaking = await page.evaluate(() => window.__frames);

    await page.getByRole('button', { name: 'Stop' }).click();
    await page.waitForFunction(() => window.__callEvents.includes('call-end'));
    await page.waitForTimeout(300);
    await resetProbe(page);
    await page.waitForTimeout(AFTER_STOP_MS);
    const afterStop = await page.evaluate(() => window.__frames.requested);

    const stamps = speaking.stamps;
    const spanMs = (stamps.at(-1) ?? 0) - (stamps[0] ?? 0);
    const fps = stamps.length > 1 ? ((stamps.length - 1) * 1000) / spanMs : 0;
    const frames = Math.max(1, speaking.callbacks);
    const scriptMsPerFrame = ((scriptAfter - scriptBefore) * 1000) / frames;
    const waveMsPerFrame = speaking.callbackMs / frames;
    const bytes = demoBytes();

    const failures: string[] = [];
    const minFps = budgets?.minFps ?? 55;
    const maxScript = budgets?.maxScriptMsPerFrame ?? 1;
    const maxAfterStop = budgets?.maxFramesAfterStop ?? 0;
    if (fps < minFps) {
      failures.push(`demo call: ${fps.toFixed(1)} fps while speaking < ${minFps}`);
    }
    if (scriptMsPerFrame > maxScript) {
      failures.push(`demo call: ${scriptMsPerFrame.toFixed(3)} ms script per frame > ${maxScript}`);
    }
    if (afterStop > maxAfterStop) {
      failures.push(`demo call: ${afterStop} animation frames requested after Stop`);
    }
    return {
      title: 'Demo call on /assistant (issue 7)',
      rows: [
        { figure: 'fps while the assistant speaks', value: fps.toFixed(1), goal: '60' },
        {
          figure: 'script ms per frame (all page JS, CDP ScriptDuration)',
          value: scriptMsPerFrame.toFixed(3),
          goal: '≤ 1',
        },
        { figure: 'wave rAF callback ms per frame', value: waveMsPerFrame.toFixed(3), goal: '-' },
        {
          figure: `frames requested in ${AFTER_STOP_MS} ms after Stop`,
          value: afterStop,
          goal: '0',
        },
        { figure: 'frames requested while idle before Talk', value: idleFrames, goal: '0' },
        { figure: 'demo chunk (gzip, lazy)', value: kb(bytes.chunkGzip), goal: '-' },
        {
          figure: `voice clips (${bytes.clips}, Opus/WebM)`,
          value: kb(bytes.audio),
          goal: '< 200 KB',
        },
      ],
      failures,
      notes: [
        `headless Debian Chromium, 1280×800, fake microphone; ${MEASURE_MS} ms measured while speaking`,
        'budgets: bench/budgets.json "demoCall"',
      ],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
