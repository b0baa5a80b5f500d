import { describe, expect, it } from 'vitest';
import { demoSiteFixture, openDemoPage } from '../fixtures/demo/demo-page.ts';
import { textCoveredByWidget } from '../fixtures/widget/conversation-page.ts';
import { withPage } from '../helpers/chromium.ts';

// Issue 11: on `/`, the floating launcher covers no text, on a phone and on a laptop, at the
// top of the page and at its end (the footer leaves room); and the site's widget is amber.

const site = demoSiteFixture({ media: 'granted' });

describe('the landing page leaves room for the floating launcher', () => {
  it.each([
    [375, 667],
    [1280, 800],
  ])('at %i × %i px, at the top and at the end of the page', async (width, height) => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ reducedMotion: 'reduce' }); // no reveal animation mid-flight
      await openDemoPage(page, `${site.server.url}/`);
      expect(await textCoveredByWidget(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        () => Math.ceil(window.scrollY + innerHeight) >= document.documentElement.scrollHeight - 1,
      );
      expect(await textCoveredByWidget(page)).toEqual([]);
    });
  });

  it('paints its widgets in the brand amber, not the default blue', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}/`);
      const background = await page.evaluate(() => {
        const button = document
          .querySelector('voice-assistant')
          ?.shadowRoot?.querySelector('button');
        return button ? getComputedStyle(button).backgroundColor : null;
      });
      expect(background).toBe('rgb(245, 165, 36)');
    });
  });
});
