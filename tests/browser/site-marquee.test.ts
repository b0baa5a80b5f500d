import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jumpTo, nextFrames, sectionHydrated, siteFixture } from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

const site = siteFixture();

/** The track's current horizontal translation in px (0 when untouched). */
const trackX = (page: Page) =>
  page
    .locator('.marquee-track')
    .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m41);

/** Translations read in `frames` consecutive animation frames. */
const sampleFrames = (page: Page, frames: number) =>
  page.locator('.marquee-track').evaluate(
    (el, n) =>
      new Promise<number[]>((done) => {
        const xs: number[] = [];
        const read = () => {
          xs.push(new DOMMatrixReadOnly(getComputedStyle(el).transform).m41);
          if (xs.length > n) {
            done(xs);
          } else {
            requestAnimationFrame(read);
          }
        };
        requestAnimationFrame(read);
      }),
    frames,
  );

async function openAtTestimonials(page: Page, { fakeClock = false } = {}): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${site.server.url}/`);
  if (fakeClock) {
    // The app starts one (fake) frame after the first paint.
    await page.clock.runFor(50);
  }
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.locator('#testimonials h2').evaluate((el) =>
    window.scrollTo({
      top: el.getBoundingClientRect().top + window.scrollY - 98,
      behavior: 'instant',
    }),
  );
  // The section's code arrives once the visitor is near it.
  await sectionHydrated(page, 'testimonials');
  if (fakeClock) {
    // Animation frames are fake and paused; rendering (and so IntersectionObserver) is not.
    await page.waitForTimeout(200);
  } else {
    await nextFrames(page, 3);
  }
}

/** Headless Chromium keeps every page visible, so the test flips what the page is told. */
async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (h ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

async function isMoving(page: Page): Promise<boolean> {
  const xs = await sampleFrames(page, 6);
  return xs[0] !== xs[xs.length - 1];
}

describe('testimonial marquee', () => {
  it('lays out 320 px cards 16 px apart: five, then five copies hidden from assistive technology', async () => {
    await withPage(site.browser, async (page) => {
      await openAtTestimonials(page);
      const cards = await page.$$eval('.marquee-track > .testimonial-card', (els) =>
        els.map((el) => ({
          width: el.getBoundingClientRect().width,
          left: (el as HTMLElement).offsetLeft,
          hidden: el.getAttribute('aria-hidden'),
          name: el.querySelector('.testimonial-name')?.textContent,
        })),
      );
      expect(cards).toHaveLength(10);
      expect(cards.map((c) => c.width)).toEqual(Array(10).fill(320));
      expect(cards.slice(1).map((c, i) => c.left - (cards[i]?.left ?? 0))).toEqual(
        Array(9).fill(336),
      );
      expect(cards.map((c) => c.hidden)).toEqual([
        ...Array(5).fill(null),
        ...Array(5).fill('true'),
      ]);
      expect(cards.slice(5).map((c) => c.name)).toEqual(cards.slice(0, 5).map((c) => c.name));
      // Each shows five stars with an accessible label.
      expect(await page.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(5);
      expect(await page.locator('.testimonial-card').first().locator('.star').count()).toBe(5);
    });
  });

  it('moves 0.5 px per animation frame, with a transform and nothing else', async () => {
    await withPage(site.browser, async (page) => {
      await openAtTestimonials(page);
      const layoutBefore = await page
        .locator('.marquee-track')
        .evaluate((el) => (el as HTMLElement).offsetLeft);
      const xs = await sampleFrames(page, 60);
      const steps = xs.slice(1).map((x, i) => Math.round(((xs[i] ?? 0) - x) * 1000) / 1000);
      expect(steps).toEqual(Array(60).fill(0.5));
      const inline = await page.locator('.marquee-track').getAttribute('style');
      expect(inline).toMatch(/^transform: translate3d\(-[\d.]+px, 0px, 0px\);$/);
      expect(
        await page.locator('.marquee-track').evaluate((el) => (el as HTMLElement).offsetLeft),
      ).toBe(layoutBefore);
    });
  });

  it('wraps back to 0 after exactly one set (5 × 336 = 1680 px)', async () => {
    await withPage(site.browser, async (page) => {
      await page.clock.install({ time: 0 });
      await page.clock.pauseAt(1_000);
      await openAtTestimonials(page, { fakeClock: true });
      // Fake frames fire every 16 ms; run until the loop has taken its first step.
      for (let i = 0; i < 10 && (await trackX(page)) === 0; i++) {
        await page.clock.runFor(16);
      }
      const start = -(await trackX(page));
      expect(start).toBeGreaterThan(0);
      const framesToLast = Math.round((1680 - 0.5 - start) / 0.5);
      await page.clock.runFor(16 * framesToLast);
      expect(await trackX(page)).toBe(-1679.5);
      await page.clock.runFor(16);
      expect(Math.abs(await trackX(page))).toBe(0);
      await page.clock.runFor(16);
      expect(await trackX(page)).toBe(-0.5);
    });
  });

  it('stops while off-screen and resumes from the same place', async () => {
    await withPage(site.browser, async (page) => {
      await openAtTestimonials(page);
      expect(await isMoving(page)).toBe(true);
      await jumpTo(page, 0);
      await expect.poll(() => isMoving(page)).toBe(false);
      const parked = await trackX(page);
      await page.waitForTimeout(300);
      expect(await trackX(page)).toBe(parked);
      await page.locator('.marquee').scrollIntoViewIfNeeded();
      await expect.poll(() => isMoving(page)).toBe(true);
      // It carried on from where it stopped rather than starting over.
      const resumed = await trackX(page);
      expect(resumed).toBeLessThan(parked);
      expect(resumed).toBeGreaterThan(parked - 60);
    });
  });

  it('pauses while the pointer or keyboard focus is inside (WCAG 2.2.2)', async () => {
    await withPage(site.browser, async (page) => {
      await openAtTestimonials(page);
      const box = await page.locator('.marquee').boundingBox();
      if (!box) {
        throw new Error('marquee has no box');
      }
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await nextFrames(page, 2);
      expect(await isMoving(page)).toBe(false);
      await page.mouse.move(5, 5);
      await nextFrames(page, 2);
      expect(await isMoving(page)).toBe(true);

      await page.locator('.marquee').focus();
      await nextFrames(page, 2);
      expect(await isMoving(page)).toBe(false);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await nextFrames(page, 2);
      expect(await isMoving(page)).toBe(true);
    });
  });

  it('stops while the tab is hidden', async () => {
    await withPage(site.browser, async (page) => {
      await openAtTestimonials(page);
      expect(await isMoving(page)).toBe(true);
      await setTabHidden(page, true);
      const parked = await trackX(page);
      await page.waitForTimeout(300);
      expect(await trackX(page)).toBe(parked);
      await setTabHidden(page, false);
      expect(await isMoving(page)).toBe(true);
    });
  });
});
