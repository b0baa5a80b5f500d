import { describe, expect, it } from 'vitest';
import {
  documentTop,
  jumpTo,
  maxScrollY,
  recordScroll,
  scrollY,
  siteFixture,
} from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

const site = siteFixture();

/** The machine may be busy: polls wait up to 15 s (they return as soon as they pass). */
const WAIT = { timeout: 15_000 };

const navStyle = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header.site-nav') as HTMLElement;
    const style = getComputedStyle(header);
    return {
      scrolled: header.classList.contains('is-scrolled'),
      position: style.position,
      background: style.backgroundColor,
      blur: style.backdropFilter,
    };
  });

describe('navigation bar', () => {
  it('is fixed and transparent at 9 px of scroll, dark and blurred at 11 px', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await jumpTo(page, 9);
      await expect
        .poll(() => navStyle(page))
        .toEqual({
          scrolled: false,
          position: 'fixed',
          background: 'rgba(0, 0, 0, 0)',
          blur: 'none',
        });
      await jumpTo(page, 11);
      await expect
        .poll(() => navStyle(page))
        .toEqual({
          scrolled: true,
          position: 'fixed',
          background: 'rgba(11, 19, 38, 0.86)',
          blur: 'blur(12px) saturate(1.4)',
        });
      await jumpTo(page, 10);
      await expect.poll(async () => (await navStyle(page)).scrolled).toBe(false);
    });
  });

  const offsets = [
    { label: 'Features', id: 'features', offset: 35 },
    { label: 'How It Works', id: 'how-it-works', offset: 90 },
    { label: 'Testimonials', id: 'testimonials', offset: 98 },
    { label: 'Let’s Talk', id: 'contact', offset: 30 },
  ];

  for (const { label, id, offset } of offsets) {
    it(`"${label}" smooth-scrolls so #${id} sits ${offset} px below the top`, async () => {
      await withPage(site.browser, async (page) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`${site.server.url}/`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        const expected = Math.min(
          Math.round((await documentTop(page, `#${id}`)) - offset),
          await maxScrollY(page),
        );
        const positions = await recordScroll(page);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: label })
          .click();
        // Waits for the page to arrive (a state), not for a quiet spell a busy machine fakes.
        await expect.poll(() => scrollY(page), WAIT).toBe(expected);
        // Smooth: on the way, the page passed through positions between the start (0) and the target.
        expect((await positions()).filter((y) => y > 0 && y < expected)).not.toEqual([]);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
        expect(new URL(page.url()).hash).toBe('');
      });
    });
  }

  it('hero Let’s Talk scrolls to #contact with the 30 px offset', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const expected = Math.min(
        Math.round((await documentTop(page, '#contact')) - 30),
        await maxScrollY(page),
      );
      await page.locator('.hero').getByRole('link', { name: 'Let’s Talk' }).click();
      await expect.poll(() => scrollY(page), WAIT).toBe(expected);
    });
  });

  it('the brand reloads the page', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/`);
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
      });
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('link', { name: 'Hearthline AI', exact: true }).click(),
      ]);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => 'marker' in window)).toBe(false);
    });
  });
});

describe('mobile menu at 375 px', () => {
  it('opens with the toggle, closes when an item is chosen, and scrolls to it', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const menu = page.locator('#mobile-menu');
      expect(await page.locator('.nav-links').isVisible()).toBe(false);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await toggle.getAttribute('aria-controls')).toBe('mobile-menu');
      expect(await menu.isVisible()).toBe(false);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await menu.isVisible()).toBe(true);
      const expected = Math.min(
        Math.round((await documentTop(page, '#how-it-works')) - 90),
        await maxScrollY(page),
      );
      await menu.getByRole('link', { name: 'How It Works' }).click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.isVisible()).toBe(false);
      await expect.poll(() => scrollY(page), WAIT).toBe(expected);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    });
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('nav-toggle');
    });
  });

  it('is not offered at desktop width', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.server.url}/`);
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      expect(await page.locator('.nav-links').isVisible()).toBe(true);
    });
  });
});
