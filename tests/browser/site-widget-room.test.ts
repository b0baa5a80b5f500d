import { describe, expect, it } from 'vitest';
import { demoSiteFixture, openDemoPage } from '../fixtures/demo/demo-page.ts';
import { CONTACT_VISITOR, fillContactForm } from '../fixtures/site/harness.ts';
import {
  elementsCoveredByWidget,
  textCoveredByWidget,
} from '../fixtures/widget/conversation-page.ts';
import { withPage } from '../helpers/chromium.ts';

// On `/`, the floating launcher (docs/behaviour.md#widget) covers no text, on a phone and on a laptop, at the
// top of the page and at its end (the footer leaves room), before and after the UI takes over
// (with `Type instead` beside it); and the site's widget is amber.

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
      // Once the UI has taken over, `Type instead` sits beside the launcher: still no text under it.
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).hover();
      await page.getByRole('button', { name: 'Type instead' }).waitFor();
      expect(await textCoveredByWidget(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        () => Math.ceil(window.scrollY + innerHeight) >= document.documentElement.scrollHeight - 1,
      );
      expect(await textCoveredByWidget(page)).toEqual([]);
    });
  });

  it.each([
    [375, 667],
    [375, 812],
    [1280, 800],
  ])(
    'at %i × %i px, the field being filled and the contact form’s status are not under it',
    async (width, height) => {
      await withPage(site.browser, async (page) => {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.route('**/forms/contact', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
        );
        await openDemoPage(page, `${site.server.url}/`);
        // The visitor's path: Let's Talk, the five fields, Send, and the thanks where they are.
        await page.locator('.hero').getByRole('link', { name: 'Let’s Talk' }).click();
        // Each field as the visitor reaches it with Tab: the browser scrolls it above the corner
        // (the page's scroll-padding-bottom, site/styles/base.css).
        await page.getByLabel('Name', { exact: true }).focus();
        for (const label of Object.keys(CONTACT_VISITOR)) {
          if (label !== 'Name') {
            await page.keyboard.press('Tab');
          }
          const field = page.getByLabel(label, { exact: true });
          expect(await field.evaluate((el) => el.matches(':focus'))).toBe(true);
          expect(await elementsCoveredByWidget(page, 'form :focus'), label).toEqual([]);
        }
        await fillContactForm(page);
        await page.getByRole('button', { name: 'Send Message' }).click();
        const thanks = page.getByText('Thank you! Your message is on its way.');
        await thanks.waitFor();
        // The whole status box, not only its words, clear of the widget once it has scrolled in.
        await expect.poll(() => elementsCoveredByWidget(page, 'form .form-status')).toEqual([]);
        // Where Send left the page (the consent line beside or under it), then with the thanks shown.
        expect(await textCoveredByWidget(page)).toEqual([]);
        await thanks.scrollIntoViewIfNeeded();
        expect(await textCoveredByWidget(page)).toEqual([]);
      });
    },
  );

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
