import { describe, expect, it } from 'vitest';
import { gtmTags } from '../../site/content/analytics.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

// docs/marketers.md#google-tag-manager-on-this-site: with a container set, the built page loads
// Tag Manager under the strict policy, widened by Google's one origin only: no unsafe-inline, no
// violation. The container itself is a stand-in (the tests have no network).

const CSP =
  "script-src 'self' https://www.googletagmanager.com; style-src 'self'; require-trusted-types-for 'script'";

const site = browserFixture({
  serve: {
    mounts: { '/': process.env.SITE_DIST ?? 'dist/site' },
    headers: { 'content-security-policy': CSP },
  },
});

describe('Google Tag Manager under the strict CSP', () => {
  it('starts the dataLayer and runs the container, with no violation', async () => {
    await withPage(site.browser, async (page) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener('securitypolicyviolation', (e) => {
          seen.push(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      // The landing page as a build with "googleTagManager": "GTM-TEST123" writes it.
      await page.route(`${site.server.url}/`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          '</head>',
          `${gtmTags('GTM-TEST123').join('\n')}</head>`,
        );
        await route.fulfill({ response, body: html });
      });
      const requested: string[] = [];
      await page.route('https://www.googletagmanager.com/**', async (route) => {
        requested.push(route.request().url());
        await route.fulfill({
          contentType: 'text/javascript',
          body: "window.dataLayer.push({ event: 'container-ran' });",
        });
      });
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expect
        .poll(() =>
          page.evaluate(() =>
            ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).map(
              (entry) => `${entry.event} ${typeof entry['gtm.start']}`,
            ),
          ),
        )
        .toEqual(['gtm.js number', 'container-ran undefined']);
      expect(requested).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
      expect(
        await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
      ).toEqual([]);
    });
  });
});
