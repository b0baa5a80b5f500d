import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { revealEverything } from '../fixtures/site/harness.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

// The built site under the strict policy from the developers' guide: no inline script or style,
// Trusted Types required. Every violation the page reports fails the test.
const CSP = "script-src 'self'; style-src 'self'; require-trusted-types-for 'script'";

const site = browserFixture({
  serve: {
    mounts: { '/': process.env.SITE_DIST ?? 'dist/site' },
    headers: { 'content-security-policy': CSP },
  },
});

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);

describe('strict Content-Security-Policy', () => {
  it('/ hydrates and animates with no violation', async () => {
    await withPage(site.browser, async (page) => {
      await recordViolations(page);
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await revealEverything(page);
      expect(await page.locator('.marquee-track').getAttribute('style')).toMatch(/translate3d/);
      expect(await violations(page)).toEqual([]);
    });
  });

  it('/assistant mounts the widget with no violation', async () => {
    await withPage(site.browser, async (page) => {
      await recordViolations(page);
      await page.goto(`${site.server.url}/assistant?assistantId=demo`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });
});
