import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_VISITOR,
  fillContactForm,
  sectionHydrated,
  siteFixture,
} from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

// On `/`, the sections below the first screen (features, how it works, testimonials,
// contact, footer) download their code only when the visitor comes near them, or presses or
// types anywhere (docs/behaviour.md#landing). Until then, and if their code never arrives, their
// prerendered HTML is the page.

const site = siteFixture();

const SECTIONS = ['features', 'how-it-works', 'testimonials', 'contact', 'site-footer'] as const;
const SECTION_CHUNK = /\/assets\/(features|how-it-works|testimonials|contact|footer)-[\w-]{8}\.js$/;

/** The section chunks the page has requested so far, by name. */
function sectionChunks(since: number): string[] {
  return site.server.requests
    .slice(since)
    .map((path) => SECTION_CHUNK.exec(path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

async function openLanding(page: Page, width = 412): Promise<void> {
  await page.setViewportSize({ width, height: 823 });
  await page.goto(`${site.server.url}/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForFunction(
    () => document.querySelector('voice-assistant')?.shadowRoot?.querySelector('button') != null,
  );
}

describe('sections below the first screen', () => {
  it('download nothing on a phone’s first screen, then each as the visitor scrolls near it', async () => {
    await withPage(site.browser, async (page) => {
      const before = site.server.requests.length;
      await openLanding(page);
      expect(sectionChunks(before)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.dataset.hydratedSections)).toBe(
        undefined,
      );

      await page.locator('#features').scrollIntoViewIfNeeded();
      await sectionHydrated(page, 'features');
      expect(sectionChunks(before)).toEqual(['features']);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await sectionHydrated(page, 'contact');
      expect(sectionChunks(before)).toContain('contact');
      // Hydrated: Send goes through the page's script, and the thanks show in place.
      await page.route('**/forms/contact', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
      );
      await fillContactForm(page);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Thank you! Your message is on its way.').waitFor();
      expect(page.url()).toBe(`${site.server.url}/`);
    });
  });

  it('all hydrate at the visitor’s first key press, wherever the page is', async () => {
    await withPage(site.browser, async (page) => {
      const before = site.server.requests.length;
      await openLanding(page);
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.documentElement.dataset.hydratedAll === 'true');
      expect(sectionChunks(before)).toEqual([
        'contact',
        'features',
        'footer',
        'how-it-works',
        'testimonials',
      ]);
      const hydrated = await page.evaluate(() =>
        document.documentElement.dataset.hydratedSections?.split(' ').sort(),
      );
      expect(hydrated).toEqual([...SECTIONS].sort());
    });
  });

  it('stay readable as plain HTML when their code cannot be downloaded', async () => {
    await withPage(
      site.browser,
      async (page) => {
        await page.route(SECTION_CHUNK, (route) => route.abort('internetdisconnected'));
        await openLanding(page, 1280);
        await page.locator('#features').scrollIntoViewIfNeeded();
        await page.waitForFunction(() => document.documentElement.dataset.sectionFailed === 'true');
        // No reveal will ever come: the cards fade in as the server wrote them, with every word.
        const cards = page.locator('#features .reveal');
        expect(await cards.count()).toBe(4);
        await expect
          .poll(() => cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity)))
          .toEqual(['1', '1', '1', '1']);
        for (const text of await cards.allTextContents()) {
          expect(text.length).toBeGreaterThan(40);
        }
        // The rest of the page still works: the navigation was hydrated with the first screen.
        await page.getByRole('navigation').getByRole('link', { name: 'Testimonials' }).click();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id))
          .toBe('testimonials');
        // The form, never hydrated, still posts natively and lands on the service's thank-you page.
        const before = site.submissions().length;
        await fillContactForm(page);
        await Promise.all([
          page.waitForURL('**/forms/contact/thanks'),
          page.getByRole('button', { name: 'Send Message' }).click(),
        ]);
        expect(site.submissions().slice(before)).toEqual([
          expect.objectContaining({ name: CONTACT_VISITOR.Name, email: CONTACT_VISITOR.Email }),
        ]);
        // The browser's own line for each download the test cut off; nothing from the page.
      },
      [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/],
    );
  });
});
