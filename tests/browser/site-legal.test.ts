import { describe, expect, it } from 'vitest';
import { siteFixture } from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

// /privacy and /terms (docs/site.md#prerendering-and-hydration): prerendered, written for this product, marked as a template,
// linked from the footer and from the consent line under the contact form.
const site = siteFixture();

const TEMPLATE = /Template: review with counsel/;

describe('legal pages', () => {
  it('/privacy is prerendered and covers the form, the assistant, recording, leads, retention and contact', async () => {
    const response = await fetch(`${site.server.url}/privacy`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // In the HTML itself, before any script runs.
    expect(html).toContain('<h1 id="legal-title">Privacy Policy</h1>');
    expect(html).toMatch(TEMPLATE);
    expect(html).toContain('<link rel="canonical" href="http://localhost:4173/privacy" />');
    const headings = [...html.matchAll(/<h2 id="[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      'The contact form',
      'The voice assistant',
      'Calls are recorded and transcribed',
      'How leads reach the brokerage',
      'How long we keep it',
      'Cookies and your device',
      'Your choices and rights',
      'Contact',
    ]);
    expect(html).toMatch(/recorded and transcribed by the voice platform/);
    expect(html).toMatch(/sent to that brokerage only/);
    expect(html).toMatch(/90 days/);
    expect(html).toContain('hello@hearthline.ai');
  });

  it('/terms is prerendered, marked as a template, and works without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${site.server.url}/terms`);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of Use');
      expect(await page.getByRole('note').textContent()).toMatch(TEMPLATE);
      expect(await page.title()).toBe('Terms of Use | Hearthline AI');
      // The table of contents jumps to each part with plain links.
      await page
        .getByRole('navigation', { name: 'On this page' })
        .getByRole('link')
        .first()
        .click();
      expect(new URL(page.url()).hash).toBe('#service');
    } finally {
      await context.close();
    }
  });

  it('hydrates with no error and only the scripts a text page needs (no widget)', async () => {
    await withPage(site.browser, async (page) => {
      const before = site.server.requests.length;
      await page.goto(`${site.server.url}/privacy`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(await page.locator('voice-assistant').count()).toBe(0);
      const scripts = site.server.requests.slice(before).filter((path) => path.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.some((path) => /embed|landing-page/.test(path))).toBe(false);
      expect(await page.locator('.footer-year').textContent()).toBe(
        String(new Date().getFullYear()),
      );
    });
  });

  it('are linked from the footer of every page, and lead back home', async () => {
    await withPage(site.browser, async (page) => {
      for (const path of ['/', '/privacy', '/terms']) {
        await page.goto(`${site.server.url}${path}`);
        const footer = page.locator('footer');
        expect(
          await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'),
        ).toBe('/privacy');
        expect(await footer.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe(
          '/terms',
        );
      }
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${site.server.url}/`);
    });
  });

  it('are in the sitemap', async () => {
    const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>http://localhost:4173/privacy</loc>');
    expect(sitemap).toContain('<loc>http://localhost:4173/terms</loc>');
  });
});

describe('consent line under the contact form', () => {
  it('says what sending means, beside Send, and links to /privacy', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/`);
      const form = page.getByRole('form', { name: 'Contact us' });
      const consent = form.locator('.form-consent');
      expect(await consent.textContent()).toMatch(/By sending this form you agree/);
      // After the fields, beside the button it is about (under it on a phone).
      const [message, line, button] = [
        await form.getByLabel('Message', { exact: true }).boundingBox(),
        await consent.boundingBox(),
        await form.getByRole('button', { name: 'Send Message' }).boundingBox(),
      ];
      expect(message && line && line.y > message.y + message.height).toBe(true);
      expect(line && button && line.x >= button.x + button.width).toBe(true);
      expect(line && button && line.y < button.y + button.height).toBe(true);
      await consent.getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL(`${site.server.url}/privacy`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    });
  });
});
