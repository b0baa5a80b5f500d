import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { revealEverything, siteFixture } from '../fixtures/site/harness.ts';
import { axeViolations } from '../helpers/axe.ts';
import { withPage } from '../helpers/chromium.ts';

const site = siteFixture();

async function open(page: Page, path: string, width = 1280): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${site.server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

async function fillContact(page: Page, email: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill('Sam Reyes');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('555-010-2020');
  await page.getByLabel('Company / Brokerage', { exact: true }).fill('Reyes Realty');
  await page.getByLabel('Message', { exact: true }).fill('Looking for after-hours coverage.');
  await page.getByRole('button', { name: 'Send Message' }).click();
}

const states: Array<{ name: string; run: (page: Page) => Promise<void>; allow?: RegExp[] }> = [
  {
    name: '/ at 1280 px, every section revealed',
    run: async (page) => {
      await open(page, '/');
      await revealEverything(page);
    },
  },
  {
    name: '/ at 375 px with the mobile menu open',
    run: async (page) => {
      await open(page, '/', 375);
      await page.getByRole('button', { name: 'Menu' }).click();
    },
  },
  {
    name: '/ under reduced motion (static testimonial row)',
    run: async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await open(page, '/');
    },
  },
  {
    name: '/ scrolled (dark nav) with the form showing field errors',
    allow: [/status of 422/],
    run: async (page) => {
      await open(page, '/');
      await revealEverything(page);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await fillContact(page, 'sam@reyes');
      await page.getByText('Email: should be an email').waitFor();
    },
  },
  {
    name: '/ with the form sent',
    run: async (page) => {
      await open(page, '/');
      await revealEverything(page);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await fillContact(page, 'sam@reyes.com');
      await page.getByText('Thank you!').waitFor();
    },
  },
  {
    name: '/ with the form service down (mailto fallback)',
    allow: [/status of 503/],
    run: async (page) => {
      await page.route('**/forms/contact', (route) => route.fulfill({ status: 503, body: '' }));
      await open(page, '/');
      await revealEverything(page);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await fillContact(page, 'sam@reyes.com');
      await page.getByText('not responding').waitFor();
    },
  },
  { name: '/assistant without an id', run: (page) => open(page, '/assistant') },
  {
    name: '/assistant?assistantId=demo',
    run: async (page) => {
      await open(page, '/assistant?assistantId=demo');
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).waitFor();
    },
  },
  { name: '404 page', run: (page) => open(page, '/404') },
  { name: '/privacy', run: (page) => open(page, '/privacy') },
  { name: '/terms at 375 px', run: (page) => open(page, '/terms', 375) },
];

describe('axe on every route and state', () => {
  for (const state of states) {
    it(`${state.name}: no violations`, async () => {
      await withPage(
        site.browser,
        async (page) => {
          await state.run(page);
          expect(await axeViolations(page)).toEqual([]);
        },
        state.allow,
      );
    });
  }
});

describe('keyboard', () => {
  it('reaches the skip links first, then the brand and the section links, with a visible focus ring', async () => {
    await withPage(site.browser, async (page) => {
      await open(page, '/');
      const order: string[] = [];
      for (let i = 0; i < 7; i++) {
        await page.keyboard.press('Tab');
        order.push(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement;
            const ring = getComputedStyle(el).outlineStyle;
            return `${el.textContent?.trim()}|${ring}`;
          }),
        );
      }
      expect(order).toEqual([
        'Skip to content|solid',
        'Talk to Nora|solid',
        'HHearthline AI|solid',
        'Features|solid',
        'How It Works|solid',
        'Testimonials|solid',
        'Let’s Talk|solid',
      ]);
    });
  });
});
