import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sriHash } from '../../scripts/widget-snippet.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium, openPage, type PageProblems } from '../helpers/chromium.ts';
import { type StaticServer, startStaticServer } from '../helpers/static-server.ts';

// /embed on the built site: the configurator driven by keyboard alone, its live preview on the
// offline demo assistant (fake microphone granted), and the code it copies.

const SITE = process.env.SITE_DIST ?? 'dist/site';
const WAIT = { timeout: 15_000 };

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await launchChromium({
    media: 'granted',
    args: ['--autoplay-policy=no-user-gesture-required'],
  });
  server = await startStaticServer({ mounts: { '/': SITE }, notFound: `${SITE}/404.html` });
});

afterAll(async () => {
  await server?.close();
  await browser?.close();
});

async function withEmbedPage(fn: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  let problems: PageProblems | undefined;
  try {
    const opened = await openPage(context);
    problems = opened.problems;
    await opened.page.goto(`${server.url}/embed`);
    await opened.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await fn(opened.page, context);
    problems.assertNone();
  } finally {
    await context.close();
  }
}

/** Presses Tab until the focused element has the accessible label `name` (at most 60 times). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) {
        return '';
      }
      const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      return (labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    });
    if (focused === name) {
      return;
    }
  }
  throw new Error(`Tab never reached "${name}"`);
}

const snippet = (page: Page, title: string) =>
  page.getByRole('region', { name: `${title} code` }).innerText();

const previewButtonText = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('.embed-preview voice-assistant');
    const buttons = [...(el?.shadowRoot?.querySelectorAll('button') ?? [])];
    return buttons.map((b) => b.textContent?.trim());
  });

describe('/embed', () => {
  it('is prerendered, indexable, in the sitemap and linked from the landing page footer', async () => {
    const html = await (await fetch(`${server.url}/embed`)).text();
    expect(html).toContain('<h1>Add the voice assistant to your website</h1>');
    expect(html).toContain('<voice-assistant');
    expect(html).not.toContain('name="robots" content="noindex"');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/embed<\/loc>/);
    const landing = await (await fetch(`${server.url}/`)).text();
    expect(landing).toMatch(/<footer[\s\S]*href="\/embed"[\s\S]*<\/footer>/);
  });

  it('is axe clean, and copies the pinned CDN snippet whose SRI hash is the built file', async () => {
    await withEmbedPage(async (page) => {
      expect(await axeViolations(page)).toEqual([]);
      const html = await snippet(page, 'CDN snippet');
      expect(html).toContain(`integrity="${sriHash('dist/widget/voice-assistant.js')}"`);
      expect(html).toMatch(/src="https:\/\/[^"]+@0\.1\.0\/dist\/widget\/voice-assistant\.js"/);
      expect(html).toContain('crossorigin="anonymous"');
      const gtm = await snippet(page, 'Google Tag Manager');
      expect(gtm).toContain(`"${sriHash('dist/widget/voice-assistant.umd.js')}"`);
    });
  });

  it('works from the keyboard alone: typed settings reach the preview and the copied code', async () => {
    await withEmbedPage(async (page) => {
      await tabTo(page, 'Assistant ID');
      await page.keyboard.type('asst_42');
      await tabTo(page, 'Offline demo assistant');
      await page.keyboard.press('Space');
      await tabTo(page, 'Public key');
      await page.keyboard.type('pk_live_9');
      await tabTo(page, 'Button label');
      await page.keyboard.type('Ask Hearthline');
      await expect.poll(() => previewButtonText(page)).toContain('Ask Hearthline');

      const html = await snippet(page, 'HTML snippet');
      expect(html).toContain(
        '<voice-assistant assistant-id="asst_42" public-key="pk_live_9" mode="floating" label-idle="Ask Hearthline"></voice-assistant>',
      );
      // The preview stays on the demo: the key never reaches the live element.
      const preview = page.locator('.embed-preview voice-assistant');
      expect(await preview.getAttribute('public-key')).toBeNull();
      expect(await preview.getAttribute('demo')).toBe('');
      expect(await snippet(page, 'React')).toContain('publicKey="pk_live_9"');

      await tabTo(page, 'Copy HTML snippet');
      await page.keyboard.press('Enter');
      await page.getByText('Copied to the clipboard.').waitFor(WAIT);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('explains each CSP line and applies colours to the preview and a stylesheet rule', async () => {
    await withEmbedPage(async (page) => {
      const csp = await snippet(page, 'Content-Security-Policy');
      for (const directive of ['script-src', 'connect-src', 'media-src', 'worker-src']) {
        expect(csp).toMatch(new RegExp(`^${directive} 'self' [^\\n]+;$`, 'm'));
        expect(await page.locator('.embed-csp dt', { hasText: directive }).count()).toBe(1);
      }
      expect(csp).toContain('https://api.vapi.ai');
      await page.getByLabel('Talk button background').fill('#0f766e');
      await expect
        .poll(() =>
          page
            .locator('.embed-preview voice-assistant')
            .evaluate((el) => getComputedStyle(el).getPropertyValue('--va-button-bg').trim()),
        )
        .toBe('#0f766e');
      expect(await snippet(page, 'Colours for your stylesheet')).toBe(
        'voice-assistant {\n  --va-button-bg: #0f766e;\n}',
      );
    });
  });

  it('copies first a self-hosted snippet that works once dist/widget/ is copied to the site', async () => {
    let pasted = '';
    await withEmbedPage(async (page) => {
      const titles = await page.locator('.copy-block h3').allInnerTexts();
      expect(titles.slice(0, 2)).toEqual(['HTML snippet', 'CDN snippet']);
      expect(
        await page.getByText(/Works once version 0\.1\.0 of the package is published/).count(),
      ).toBe(1);
      await page.getByLabel('Assistant ID').fill('asst_42');
      await page.getByLabel('Public key').fill('pk_live_9');
      // A real assistant now: the demo is no longer added.
      expect(await page.getByLabel('Offline demo assistant').isChecked()).toBe(false);
      await page.getByLabel('Assistant ID').fill('');
      await page.getByLabel('Offline demo assistant').check();
      pasted = await snippet(page, 'HTML snippet');
    });
    expect(pasted).toContain('<script type="module" src="/voice-assistant/voice-assistant.js">');
    // The brokerage's site: its own page with the pasted snippet, and dist/widget/ copied.
    const site = mkdtempSync(join(tmpdir(), 'brokerage-'));
    writeFileSync(
      join(site, 'index.html'),
      `<!doctype html><html lang="en"><title>Broker</title><link rel="icon" href="data:,"><main>${pasted}</main></html>`,
    );
    const brokerage = await startStaticServer({
      mounts: { '/voice-assistant': 'dist/widget', '/': site },
    });
    const context = await browser.newContext();
    try {
      const { page, problems } = await openPage(context);
      await page.goto(`${brokerage.url}/`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);
      problems.assertNone();
    } finally {
      await context.close();
      await brokerage.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('flags a value the widget would ignore in its field, and offers closed sets as selects', async () => {
    await withEmbedPage(async (page) => {
      for (const name of ['Analytics', 'Lang', 'Captions', 'Position']) {
        expect(await page.getByLabel(name, { exact: true }).evaluate((el) => el.tagName)).toBe(
          'SELECT',
        );
      }
      await page.getByLabel('Lang', { exact: true }).selectOption('fr');
      expect(await snippet(page, 'HTML snippet')).toContain('lang="fr"');
      const consentUrl = page.getByLabel('Consent url', { exact: true });
      await consentUrl.fill('privacy.html');
      expect(await consentUrl.getAttribute('aria-invalid')).toBeNull();
      await consentUrl.fill('javascript:alert(1)');
      expect(await consentUrl.getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() =>
          consentUrl.evaluate(
            (el) =>
              (el as HTMLInputElement).labels?.[0]?.parentElement?.querySelector('.embed-error')
                ?.textContent,
          ),
        )
        .toBe('The widget would ignore this value. Write an http(s) URL or a path.');
      const description = await consentUrl.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
      expect(description).toMatch(/^The widget would ignore this value/);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('talks to the offline demo assistant in the preview', async () => {
    await withEmbedPage(async (page) => {
      await page.getByLabel('Display mode').selectOption('inline');
      const preview = page.locator('.embed-preview');
      await preview.getByRole('button', { name: 'Talk to Assistant' }).click();
      await preview.getByRole('button', { name: 'Stop' }).waitFor(WAIT);
      await expect.poll(() => preview.getByText('Demo assistant (offline)').isVisible()).toBe(true);
      await preview.getByRole('button', { name: 'Stop' }).click();
      await preview.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);
    });
  });
});
