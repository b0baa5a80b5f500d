import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  canvasSnapshot,
  countAnimationFrames,
  framesDuring,
  widgetServerOptions,
} from '../fixtures/widget/harness.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

// The wave canvas: animates only during a call, follows the assistant's volume, stays sharp at
// any devicePixelRatio, follows its box, and requests no frames while idle, hidden or
// off-screen; under prefers-reduced-motion it shows a calm level bar instead.

/** The machine may be busy: polls wait up to 10 s (they return as soon as they pass). */
const WAIT = { timeout: 10_000 };

const env = browserFixture({ launch: { media: 'granted' }, serve: widgetServerOptions() });

async function startCall(page: Page): Promise<void> {
  await page.goto(`${env.server.url}/esm.html`);
  await page.getByRole('button', { name: 'Talk to Assistant' }).click();
  await page.getByRole('button', { name: 'Stop' }).waitFor();
  await page.evaluate(() => window.fakeCall.listening());
}

async function speakAndSettle(page: Page, level: number): Promise<void> {
  await page.evaluate((value) => window.fakeCall.speak(value), level);
  await page.waitForTimeout(400);
}

/** Frames drawn over the next `ms`: polled, so a busy machine's slow frames are waited out. */
async function framesOver(page: Page, ms: number): Promise<number> {
  return (await framesDuring(page, ms)).frames;
}

/** Waits for a moment with no frame asked for: what was in flight (a mount, a stop) is done. */
async function settled(page: Page): Promise<void> {
  await expect.poll(async () => (await framesDuring(page, 150)).requested, WAIT).toBe(0);
}

async function withFrames<T>(fn: (page: Page) => Promise<T>, dpr = 1): Promise<T> {
  const context = await env.browser.newContext({ deviceScaleFactor: dpr });
  try {
    const page = await context.newPage();
    await page.addInitScript(countAnimationFrames);
    return await fn(page);
  } finally {
    await context.close();
  }
}

describe('wave canvas', () => {
  it('requests no animation frame while idle, and stops again after the call', async () => {
    await withPage(env.browser, async (page) => {
      await page.addInitScript(countAnimationFrames);
      await page.goto(`${env.server.url}/esm.html`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
      // Intent loads the UI, whose mount asks for one frame (box-height.ts); on a busy machine
      // that can come long after the hover. Idle is once the wave is there and a quiet moment
      // has passed; a loop left running never gives one, and fails here.
      await page.waitForFunction(() =>
        document.getElementById('widget')?.shadowRoot?.querySelector('canvas'),
      );
      await settled(page);
      const idle = await framesDuring(page, 800);
      expect(idle.requested).toBe(0);
      const still = await canvasSnapshot(page);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await expect.poll(() => framesOver(page, 500), WAIT).toBeGreaterThan(10);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
      await settled(page);
      expect((await framesDuring(page, 800)).requested).toBe(0);
      expect(await canvasSnapshot(page)).toEqual(still);
    });
  });

  it('moves between frames during a call, with an amplitude that follows the volume', async () => {
    await withPage(env.browser, async (page) => {
      await startCall(page);
      await speakAndSettle(page, 0);
      const quiet = await canvasSnapshot(page);
      await page.waitForTimeout(100);
      const quietLater = await canvasSnapshot(page);
      expect(quietLater.checksum).not.toBe(quiet.checksum);
      await speakAndSettle(page, 0.15);
      const loud = await canvasSnapshot(page);
      const span = (s: typeof loud) => s.bottom - s.top;
      expect(span(loud)).toBeGreaterThan(span(quiet) * 4);
      expect(span(loud)).toBeLessThanOrEqual(loud.height);
    });
  });

  it('is sharp at devicePixelRatio 2 and follows its box', async () => {
    await withFrames(async (page) => {
      await page.goto(`${env.server.url}/esm.html`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
      await expect
        .poll(async () => {
          const s = await canvasSnapshot(page);
          return [s.width / s.cssWidth, s.height / s.cssHeight];
        }, WAIT)
        .toEqual([2, 2]);
      await page.evaluate(() =>
        document.getElementById('widget')?.style.setProperty('height', '300px'),
      );
      await expect.poll(async () => (await canvasSnapshot(page)).height, WAIT).toBe(600);
      await page.setViewportSize({ width: 500, height: 700 });
      await expect
        .poll(async () => {
          const s = await canvasSnapshot(page);
          return s.width === Math.round(s.cssWidth * 2) && s.cssWidth <= 500;
        }, WAIT)
        .toBe(true);
    }, 2);
  });

  it('stops its loop when scrolled off-screen or when the page is hidden, and resumes', async () => {
    await withFrames(async (page) => {
      await page.addInitScript(() => {
        let hidden = false;
        Object.defineProperty(document, 'visibilityState', {
          get: () => (hidden ? 'hidden' : 'visible'),
        });
        (window as unknown as { setHidden(v: boolean): void }).setHidden = (value) => {
          hidden = value;
          document.dispatchEvent(new Event('visibilitychange'));
        };
      });
      await startCall(page);
      await expect.poll(() => framesOver(page, 400), WAIT).toBeGreaterThan(5);

      await page.evaluate(() => {
        const spacer = document.createElement('div');
        spacer.style.setProperty('height', '4000px');
        document.body.append(spacer);
        window.scrollTo(0, 3000);
      });
      // Off-screen is told by an IntersectionObserver, a frame or more later.
      await settled(page);
      expect((await framesDuring(page, 500)).requested).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => framesOver(page, 400), WAIT).toBeGreaterThan(5);

      await page.evaluate(() =>
        (window as unknown as { setHidden(v: boolean): void }).setHidden(true),
      );
      await page.waitForTimeout(100);
      expect((await framesDuring(page, 500)).requested).toBe(0);
      await page.evaluate(() =>
        (window as unknown as { setHidden(v: boolean): void }).setHidden(false),
      );
      await expect.poll(() => framesOver(page, 400), WAIT).toBeGreaterThan(5);
    });
  });

  it('shows a calm level bar without any animation loop under prefers-reduced-motion', async () => {
    await withFrames(async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startCall(page);
      await speakAndSettle(page, 0);
      const quiet = await canvasSnapshot(page);
      await speakAndSettle(page, 0.15);
      const loud = await canvasSnapshot(page);
      expect(loud.right - loud.left).toBeGreaterThan((quiet.right - quiet.left) * 5);
      expect(loud.bottom - loud.top).toBe(quiet.bottom - quiet.top);
      expect((await framesDuring(page, 600)).requested).toBe(0);
    });
  });
});
