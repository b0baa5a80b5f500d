import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SITE_ASSISTANT_ID } from '../../site/lib/site-assistant.ts';
import { agreeToConsent, demoSiteFixture, openDemoPage } from '../fixtures/demo/demo-page.ts';
import { withPage } from '../helpers/chromium.ts';

// On the site, the floating panel (docs/behaviour.md#widget) never goes under the fixed nav (the site
// sets the widget's --va-inset-top to the nav's height): after five typed messages at
// 1280 × 800 the panel's close button is still the topmost element at its own centre.

const site = demoSiteFixture({ media: 'granted' });
const WAIT = { timeout: 20_000 };

/** What is painted at the centre of the floating panel's close button, through the shadow root. */
function topmostAtClose(page: Page): Promise<{ onTop: string; nav: number; closeTop: number }> {
  return page.evaluate((id) => {
    const host = document.getElementById(id);
    const close = host?.shadowRoot?.querySelector('.close');
    const rect = close?.getBoundingClientRect();
    if (!host?.shadowRoot || !close || !rect) {
      return { onTop: 'no close button', nav: 0, closeTop: 0 };
    }
    const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
    const outer = document.elementFromPoint(x, y);
    const inner = outer === host ? host.shadowRoot.elementFromPoint(x, y) : null;
    const nav = document.querySelector('.site-nav')?.getBoundingClientRect().bottom ?? 0;
    const onTop =
      inner !== null && close.contains(inner)
        ? 'close'
        : `${outer?.tagName.toLowerCase()}.${outer?.className}`;
    return { onTop, nav, closeTop: rect.top };
  }, SITE_ASSISTANT_ID);
}

describe('the floating panel under the site’s nav', () => {
  it('keeps its close button on top after five typed messages at 1280 × 800', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openDemoPage(page, `${site.server.url}/`);
      // Scrolled, as a visitor reading the page: the nav has its solid background.
      await page.evaluate(() => window.scrollTo(0, 600));
      const widget = page.locator(`#${SITE_ASSISTANT_ID}`);
      await widget.getByRole('button', { name: 'Type instead' }).click();
      const field = widget.getByRole('textbox', { name: 'Message' });
      await field.waitFor(WAIT);
      for (let i = 1; i <= 5; i++) {
        await field.fill(`Question number ${i}: is the kitchen renovated?`);
        await field.press('Enter');
        if (i === 1) {
          await agreeToConsent(page);
        }
        // Each question and its answer in the transcript log, before the next one.
        await expect.poll(() => widget.locator('.line--user').count(), WAIT).toBe(i);
        await expect
          .poll(() => widget.locator('.line--assistant:not(.chat-typing)').count(), WAIT)
          .toBeGreaterThanOrEqual(i);
        await expect.poll(() => widget.locator('.chat-typing').count(), WAIT).toBe(0);
      }
      const place = await topmostAtClose(page);
      expect(place.onTop).toBe('close');
      expect(place.closeTop).toBeGreaterThanOrEqual(place.nav);
    });
  });
});
