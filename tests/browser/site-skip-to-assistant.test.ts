import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SITE_ASSISTANT_ID } from '../../site/lib/site-assistant.ts';
import { demoSiteFixture, openDemoPage } from '../fixtures/demo/demo-page.ts';
import { withPage } from '../helpers/chromium.ts';

// The floating launcher sits last in the landing page's focus order; a "Talk to Nora" skip link,
// the second Tab stop, takes a keyboard visitor there. The widget's text box is "Message to Nora",
// so the page no longer has two text boxes named "Message" (the contact form's is).

const site = demoSiteFixture({ media: 'granted' });
const WAIT = { timeout: 20_000 };

/** The focused element's role and name, looking into the widget's shadow root. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) {
      active = active.shadowRoot.activeElement;
    }
    return `${active?.tagName.toLowerCase()}: ${active?.textContent?.trim()}`;
  });
}

describe('the landing page’s way to the assistant', () => {
  it('reaches the launcher in three Tab stops and an Enter, by a visible "Talk to Nora" link', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openDemoPage(page, `${site.server.url}/`);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('a: Skip to content');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('a: Talk to Nora');
      const link = page.getByRole('link', { name: 'Talk to Nora' });
      const box = await link.boundingBox();
      // Shown where it is focused, at the top of the page.
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect(box?.y).toBeLessThan(100);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect.poll(() => focused(page), WAIT).toBe('button: Talk to Nora');
      expect(
        await page.evaluate(
          (id) =>
            document.getElementById(id)?.shadowRoot?.activeElement?.classList.contains('launcher'),
          SITE_ASSISTANT_ID,
        ),
      ).toBe(true);
    });
  });

  it('names the widget’s text box "Message to Nora", apart from the contact form’s "Message"', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openDemoPage(page, `${site.server.url}/`);
      const widget = page.locator(`#${SITE_ASSISTANT_ID}`);
      await widget.getByRole('button', { name: 'Type instead' }).click();
      await widget.getByRole('textbox', { name: 'Message to Nora', exact: true }).waitFor(WAIT);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Message', exact: true }).count(), WAIT)
        .toBe(1);
    });
  });
});
