import { describe, expect, it } from 'vitest';
import { DEMO_PATH, demoSiteFixture } from '../fixtures/demo/demo-page.ts';
import { withPage } from '../helpers/chromium.ts';

// On a phone's /assistant, the widget's demo badge stays clear of the way back to the site
// ("← Hearthline AI", top left); on a laptop it keeps its top-centre place.

const site = demoSiteFixture({ media: 'granted' });
const WAIT = { timeout: 20_000 };

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('/assistant: the demo badge and the brand', () => {
  it.each([
    [375, 812],
    [320, 640],
    [1280, 800],
  ])('do not overlap at %i × %i', async (width, height) => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width, height });
      await page.goto(`${site.server.url}${DEMO_PATH}`);
      const widget = page.locator('voice-assistant');
      await widget.getByText('Demo assistant (offline)').waitFor(WAIT);
      const boxes = await page.evaluate(() => {
        const rect = (el: Element | null | undefined): Box | null => {
          const r = el?.getBoundingClientRect();
          return r ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
        };
        const badge = document
          .querySelector('voice-assistant')
          ?.shadowRoot?.querySelector('.badge');
        return {
          badge: rect(badge),
          home: rect(document.querySelector('.assistant-home')),
          owner: rect(document.querySelector('.assistant-owner')),
        };
      });
      if (!boxes.badge || !boxes.home || !boxes.owner) {
        throw new Error(`missing: ${JSON.stringify(boxes)}`);
      }
      expect(overlaps(boxes.badge, boxes.home)).toBe(false);
      expect(overlaps(boxes.badge, boxes.owner)).toBe(false);
      // Still on screen, above the talk button's area.
      expect(boxes.badge.top).toBeGreaterThanOrEqual(0);
      expect(boxes.badge.bottom).toBeLessThan(height / 2);
    });
  });
});
