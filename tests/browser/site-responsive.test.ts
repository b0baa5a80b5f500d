import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { revealEverything, siteFixture } from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

/** Full-page screenshots for a person to look at after `npm test`. */
const SHOTS = 'dist/screenshots';

const site = siteFixture();

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

describe('responsive layout', () => {
  for (const width of [375, 768, 1280]) {
    it(`has no horizontal scroll at ${width} px and keeps text readable`, async () => {
      await withPage(site.browser, async (page) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.server.url}/`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await revealEverything(page);
        const sizes = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
          smallestFont: Math.min(
            ...[...document.querySelectorAll('p, li, a, label, h1, h2, h3')]
              .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden'))
              .map((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
          ),
          overflowing: [...document.querySelectorAll('main *, header *, footer *')]
            .filter((el) => !el.closest('.marquee, .visually-hidden, .honeypot'))
            .filter((el) => {
              const box = el.getBoundingClientRect();
              return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
            })
            .map((el) => el.className || el.tagName),
        }));
        expect(sizes.scroll).toBe(width);
        expect(sizes.inner).toBe(width);
        expect(sizes.overflowing).toEqual([]);
        expect(sizes.smallestFont).toBeGreaterThanOrEqual(13);
        await page.screenshot({ path: `${SHOTS}/landing-${width}.png`, fullPage: true });
      });
    });
  }

  it('renders sharp on a 2x screen (icons are CSS vector masks, no raster images in the page)', async () => {
    const context = await site.browser.newContext({
      deviceScaleFactor: 2,
      viewport: { width: 375, height: 740 },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${site.server.url}/`);
      expect(await page.locator('main img, header img, footer img').count()).toBe(0);
      expect(await page.locator('.icon').count()).toBeGreaterThan(10);
      await page.screenshot({ path: `${SHOTS}/landing-375@2x.png` });
    } finally {
      await context.close();
    }
  });
});
