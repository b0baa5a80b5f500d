import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SECTION_OFFSETS_PX } from '../../site/lib/constants.ts';
import { agreeToConsent } from '../fixtures/demo/demo-page.ts';
import { documentTop, jumpTo, maxScrollY, scrollY } from '../fixtures/site/harness.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

// The hero's listing card and Talk to Nora, and the hero's layout on a phone, on the
// built site. The browser has a fake, auto-granted microphone so the demo call can start.
const site = browserFixture({
  launch: { media: 'granted' },
  serve: { mounts: { '/': process.env.SITE_DIST ?? 'dist/site' } },
});

async function open(page: Page, width: number, height = 800): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.goto(`${site.server.url}/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

describe('hero listing card', () => {
  it('shows the home as a vector drawing with chips for 3 bd, 2 ba and $450,000, and the two slots', async () => {
    await withPage(site.browser, async (page) => {
      await open(page, 1280);
      const card = page.locator('.chat-message .listing-card');
      await expect.poll(() => card.isVisible()).toBe(true);
      const art = card.getByRole('img', { name: /14 Linden Court/ });
      expect(await art.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
      // A vector drawing: it draws at any size with no raster behind it.
      expect(await art.evaluate((el) => el.querySelectorAll('image').length)).toBe(0);
      const box = await art.boundingBox();
      expect(box?.width).toBeGreaterThan(150);
      expect(box ? box.width / box.height : 0).toBeCloseTo(16 / 9, 1);
      expect(await card.locator('.chip [aria-hidden="true"]').allTextContents()).toEqual([
        '3 bd',
        '2 ba',
        '$450,000',
      ]);
      // Screen readers hear the words, not the abbreviations.
      expect(await card.locator('.chip .visually-hidden').allTextContents()).toEqual([
        '3 bedrooms',
        '2 bathrooms',
        'listed at $450,000',
      ]);
      expect(await page.locator('.chat-slots .chip').allTextContents()).toEqual([
        '2:00 PM',
        '4:00 PM',
      ]);
    });
  });
});

describe('Talk to Nora', () => {
  it('sits beside Let’s Talk, opens the floating widget and starts the demo call', async () => {
    await withPage(site.browser, async (page) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { widgetEvents: string[] }).widgetEvents = seen;
        for (const type of ['voice-assistant:state-change', 'voice-assistant:call-start']) {
          document.addEventListener(
            type,
            (event) => {
              const target = event.target as Element;
              const detail = (event as CustomEvent<{ state?: string } | null>).detail;
              seen.push(`${target.getAttribute('mode')} ${type} ${detail?.state ?? ''}`.trim());
            },
            true,
          );
        }
      });
      await open(page, 1280);
      const actions = page.locator('.hero-actions');
      const letsTalk = actions.getByRole('link', { name: 'Let’s Talk' });
      const nora = actions.getByRole('button', { name: 'Talk to Nora' });
      const [a, b] = [await letsTalk.boundingBox(), await nora.boundingBox()];
      // Side by side on one row at desktop width.
      expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width).toBe(true);

      await nora.click();
      // The site's widget asks for consent to the recording first (docs/behaviour.md#consent),
      // with the privacy policy one link away; nothing starts before Agree.
      const consent = page.getByRole('dialog', { name: 'Before we start' });
      await consent.waitFor({ timeout: 15_000 });
      expect(await consent.getByText(/recorded and transcribed/).isVisible()).toBe(true);
      // Resolved against the page, as <a href> is (docs/behaviour.md#widget).
      expect(await consent.getByRole('link').getAttribute('href')).toBe(
        new URL('/privacy', page.url()).href,
      );
      expect(
        await page.evaluate(() => (window as unknown as { widgetEvents: string[] }).widgetEvents),
      ).toEqual([]);
      await agreeToConsent(page);
      const events = () =>
        page.evaluate(() => (window as unknown as { widgetEvents: string[] }).widgetEvents);
      await expect
        .poll(events, { timeout: 15_000 })
        .toContain('floating voice-assistant:call-start');
      expect((await events())[0]).toBe('floating voice-assistant:state-change connecting');
      // The floating widget is open on a live call: its Stop control shows.
      const floating = page.locator('voice-assistant[mode="floating"]');
      await floating.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 10_000 });
      // Demo mode: the voice is the site's own recorded clips, nothing went to the platform.
      expect(await floating.getAttribute('demo')).toBe('');
      expect(site.server.requests.some((path) => path.endsWith('.webm'))).toBe(true);
    });
  });
});

describe('phone layout', () => {
  for (const width of [320, 375]) {
    it(`keeps the chat avatar a 40 px circle at ${width} px`, async () => {
      await withPage(site.browser, async (page) => {
        await open(page, width);
        const box = await page.locator('.chat-avatar').boundingBox();
        expect(box?.width).toBeCloseTo(40, 0);
        expect(box?.height).toBeCloseTo(40, 0);
      });
    });
  }

  it('starts every feature and step description level across a row, however titles wrap', async () => {
    await withPage(site.browser, async (page) => {
      for (const width of [768, 1280]) {
        await open(page, width);
        for (const section of ['#features', '#how-it-works']) {
          const tops = await page.$$eval(`${section} .card > p:not(.step-number)`, (els) =>
            els.map((el) => Math.round(el.getBoundingClientRect().top + window.scrollY)),
          );
          const columns = width >= 1120 ? 4 : 2;
          for (let row = 0; row < tops.length; row += columns) {
            expect(new Set(tops.slice(row, row + columns)).size).toBe(1);
          }
          // The test would pass trivially if no title wrapped: at least one does at 768 px.
          if (width === 768 && section === '#features') {
            const lines = await page.$$eval(`${section} .card h3`, (els) =>
              els.map((el) => Math.round(el.getBoundingClientRect().height)),
            );
            expect(new Set(lines).size).toBeGreaterThan(1);
          }
        }
      }
    });
  });

  it('shows no strip of the previous section under the bar after a menu jump', async () => {
    await withPage(site.browser, async (page) => {
      await open(page, 375, 740);
      for (const [label, id] of [
        ['Features', 'features'],
        ['How It Works', 'how-it-works'],
        ['Testimonials', 'testimonials'],
      ] as const) {
        await jumpTo(page, 0);
        const target = Math.min(
          Math.round((await documentTop(page, `#${id}`)) - (SECTION_OFFSETS_PX[id] ?? 0)),
          await maxScrollY(page),
        );
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.locator('#mobile-menu').getByRole('link', { name: label }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(id);
        // Waits for the page to arrive at the section (a state), not for a quiet spell.
        await expect.poll(() => scrollY(page), { timeout: 15_000 }).toBe(target);
        const bar = await page.locator('.site-nav').boundingBox();
        // Just under the bar, across its width, the colour is the target section's own.
        const colours = await page.evaluate(
          ({ y, target }) => {
            const section = document.getElementById(target) as HTMLElement;
            const own = getComputedStyle(section).backgroundColor;
            return [10, 187, 365].map((x) => {
              let el = document.elementFromPoint(x, y) as HTMLElement | null;
              while (el && getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)') {
                el = el.parentElement;
              }
              // The element painting there belongs to the target, or is its colour band.
              return (el && (section.contains(el) || el === section)) ||
                getComputedStyle(el as Element).backgroundColor === own
                ? 'own'
                : `other ${el?.tagName}#${el?.id}`;
            });
          },
          { y: (bar?.height ?? 72) + 2, target: id },
        );
        expect(colours).toEqual(['own', 'own', 'own']);
      }
    });
  });
});

describe('testimonials', () => {
  it('give each author an initials avatar in a colour of their own', async () => {
    await withPage(site.browser, async (page) => {
      await open(page, 1280);
      const avatars = page.locator('.testimonial-card:not([aria-hidden]) .testimonial-avatar');
      expect(await avatars.allTextContents()).toHaveLength(5);
      const colours = await avatars.evaluateAll((els) =>
        els.map((el) => getComputedStyle(el).backgroundColor),
      );
      expect(new Set(colours).size).toBe(5);
    });
  });

  it('never shows a still card wider than a 320 px phone', async () => {
    await withPage(site.browser, async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await open(page, 320);
      const card = page.locator('.testimonial-card').first();
      await card.scrollIntoViewIfNeeded();
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    });
  });
});
