import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jumpTo, nextFrames, siteFixture } from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

const site = siteFixture();

/** Fake timers and animation frames from the first script on, paused: only runFor moves time. */
async function openWithPausedClock(page: Page, width = 1280): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1_000);
  await page.goto(`${site.server.url}/`);
  // The app starts one (fake) frame after the first paint.
  await page.clock.runFor(50);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

const classFlags = (page: Page, selector: string, flag: string) =>
  page.$$eval(selector, (els, f) => els.map((el) => el.classList.contains(f)), flag);

describe('hero sample chat', () => {
  it('shows message i at i × 200 ms once the chat is in view', async () => {
    await withPage(site.browser, async (page) => {
      await openWithPausedClock(page);
      const shown = () => classFlags(page, '.chat-message', 'is-shown');
      // In view at load: the first message appears at once, the rest wait for the clock.
      await expect.poll(shown).toEqual([true, false, false, false, false]);
      for (let i = 1; i < 5; i++) {
        await page.clock.runFor(199);
        expect((await shown()).filter(Boolean)).toHaveLength(i);
        await page.clock.runFor(1);
        expect((await shown()).filter(Boolean)).toHaveLength(i + 1);
      }
      const texts = await page.locator('.chat-message').allTextContents();
      expect(texts.join(' ')).toMatch(/Nora/);
      expect(texts.join(' ')).toContain('3-bedroom, 2-bath');
      expect(texts.join(' ')).toContain('$450,000');
      expect(texts.join(' ')).toContain('2:00 PM and 4:00 PM');
    });
  });

  it('waits until the chat scrolls into view (375 px, chat below the fold)', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 375, height: 560 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.waitForTimeout(500);
      expect(await classFlags(page, '.chat-message', 'is-shown')).toEqual([
        false,
        false,
        false,
        false,
        false,
      ]);
      await page.locator('.chat').scrollIntoViewIfNeeded();
      await expect
        .poll(() => classFlags(page, '.chat-message', 'is-shown'))
        .toEqual([true, true, true, true, true]);
    });
  });

  it('slides the hero blocks in with transforms only', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expect
        .poll(() => classFlags(page, '.hero-copy, .hero-visual', 'is-in'))
        .toEqual([true, true]);
      await expect
        .poll(() =>
          page.$$eval('.hero-copy, .hero-visual', (els) =>
            els.map((el) => [getComputedStyle(el).transform, getComputedStyle(el).opacity]),
          ),
        )
        .toEqual([
          ['none', '1'],
          ['none', '1'],
        ]);
    });
  });
});

describe('scroll reveal of feature and step cards', () => {
  for (const { section, step } of [
    { section: '#features', step: 100 },
    { section: '#how-it-works', step: 150 },
  ]) {
    it(`${section} cards reveal ${step} ms × index apart`, async () => {
      await withPage(site.browser, async (page) => {
        await openWithPausedClock(page);
        const cards = `${section} .reveal`;
        const revealed = () => classFlags(page, cards, 'is-revealed');
        expect(await revealed()).toEqual([false, false, false, false]);
        await page.locator(`${section} h2`).evaluate((el) =>
          window.scrollTo({
            top: el.getBoundingClientRect().top + window.scrollY - 80,
            behavior: 'instant',
          }),
        );
        await expect.poll(revealed).toEqual([true, false, false, false]);
        for (let i = 1; i < 4; i++) {
          await page.clock.runFor(step - 1);
          expect((await revealed()).filter(Boolean)).toHaveLength(i);
          await page.clock.runFor(1);
          expect((await revealed()).filter(Boolean)).toHaveLength(i + 1);
        }
      });
    });
  }

  it('reveals at 10% visibility inside a viewport shortened by 50 px at the bottom', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const card = page.locator('#features .reveal').first();
      // Where the card's top must be for 10% of it to sit above the 50 px margin.
      const geometry = () =>
        card.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return { top: box.top + window.scrollY, height: box.height };
        });
      const { top, height } = await geometry();
      const thresholdTop = 800 - 50 - 0.1 * height;
      await jumpTo(page, Math.ceil(top - thresholdTop - 3));
      await nextFrames(page, 5);
      expect(await card.evaluate((el) => el.classList.contains('is-revealed'))).toBe(false);
      await jumpTo(page, Math.ceil(top - thresholdTop + 3));
      await expect
        .poll(() => card.evaluate((el) => el.classList.contains('is-revealed')))
        .toBe(true);
      // Opacity and transform only: the card's layout box did not move.
      await page.waitForTimeout(700);
      expect((await geometry()).top).toBeCloseTo(top - 24, 0);
      expect(await card.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    });
  });

  it('records no layout shift while revealing', async () => {
    await withPage(site.browser, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.server.url}/`);
      await page.evaluate(() => {
        const w = window as unknown as { shift: number };
        w.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ value: number }>) {
            w.shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 250) {
        await jumpTo(page, y);
      }
      await page.waitForTimeout(800);
      expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    });
  });
});

describe('prefers-reduced-motion', () => {
  it('shows every card and message at once and keeps testimonials still and scrollable', async () => {
    await withPage(site.browser, async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const states = await page.$$eval('.reveal, .chat-message', (els) =>
        els.map((el) => [getComputedStyle(el).opacity, getComputedStyle(el).transform]),
      );
      expect(states).toHaveLength(13);
      expect(new Set(states.map((s) => s.join()))).toEqual(new Set(['1,none']));

      const marquee = page.locator('.marquee');
      await marquee.scrollIntoViewIfNeeded();
      expect(await page.locator('.testimonial-card').count()).toBe(5);
      await nextFrames(page, 10);
      expect(
        await page.locator('.marquee-track').evaluate((el) => getComputedStyle(el).transform),
      ).toBe('none');
      const scroll = await marquee.evaluate((el) => {
        el.scrollLeft = 300;
        return { overflow: getComputedStyle(el).overflowX, left: el.scrollLeft };
      });
      // Scrollable, and it snaps to the next card (320 px + 16 px gap).
      expect(scroll).toEqual({ overflow: 'auto', left: 336 });
    });
  });
});
