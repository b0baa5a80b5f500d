import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { type StaticServer, startStaticServer } from '../helpers/static-server.ts';

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startStaticServer({
    mounts: { '/': 'dist/site' },
    fallback: 'dist/site/index.html',
  });
});

afterAll(async () => {
  await server?.close();
  await browser?.close();
});

describe('built site', () => {
  it('serves the landing page, also after a reload', async () => {
    await withPage(browser, async (page) => {
      const first = await page.goto(`${server.url}/`);
      expect(first?.status()).toBe(200);
      const reloaded = await page.reload();
      expect(reloaded?.status()).toBe(200);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('Transform Your Real Estate Brokerage');
    });
  });

  it('serves /assistant directly and mounts the talk button', async () => {
    await withPage(browser, async (page) => {
      const res = await page.goto(`${server.url}/assistant?assistantId=x`);
      expect(res?.status()).toBe(200);
      const button = page.getByRole('button', { name: 'Talk to Assistant' });
      await button.waitFor();
      expect(await button.isVisible()).toBe(true);
    });
  });
});
