import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STRICT_CSP, widgetServerOptions } from '../fixtures/widget/harness.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

/** The machine may be busy: polls wait up to 10 s (they return as soon as they pass). */
const WAIT = { timeout: 10_000 };

// A host page under `script-src 'self'; style-src 'self'; require-trusted-types-for 'script'`
// (plus connect-src and media-src): the widget must cause zero securitypolicyviolation events:
// no eval, no inline style, no <style>, no innerHTML, no string-to-script sinks.

const env = browserFixture({
  launch: { media: 'granted', args: ['--autoplay-policy=no-user-gesture-required'] },
  serve: widgetServerOptions({ 'content-security-policy': STRICT_CSP }),
});

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe('strict CSP host page', () => {
  it('serves the page under the strict policy', async () => {
    await withPage(env.browser, async (page) => {
      const response = await page.goto(`${env.server.url}/esm.html`);
      expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
      expect(STRICT_CSP).toContain(
        "script-src 'self'; style-src 'self'; require-trusted-types-for 'script'",
      );
    });
  });

  it('would see a violation: an inline style attribute and an innerHTML string are reported', async () => {
    await withPage(
      env.browser,
      async (page) => {
        const violations = await watchViolations(page);
        await page.goto(`${env.server.url}/blank.html`);
        await page.evaluate(() => {
          const div = document.createElement('div');
          div.setAttribute('style', 'color: red');
          document.body.append(div);
          try {
            div.innerHTML = '<b>bold</b>';
          } catch {
            // Trusted Types throws as well as reporting
          }
        });
        await expect
          .poll(async () => (await violations()).map((v) => v.split(' ')[0]), WAIT)
          .toEqual(['style-src-attr', 'require-trusted-types-for']);
      },
      [/Content Security Policy|TrustedHTML/],
    );
  });

  it('runs a whole call inline with zero violations', async () => {
    await withPage(env.browser, async (page) => {
      const violations = await watchViolations(page);
      await page.goto(`${env.server.url}/esm.html`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await page.evaluate(() => {
        window.fakeCall.listening();
        window.fakeCall.speak(0.08);
      });
      await page.waitForTimeout(300);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
      expect(await violations()).toEqual([]);
    });
  });

  it('opens and closes the floating panel with zero violations', async () => {
    await withPage(env.browser, async (page) => {
      const violations = await watchViolations(page);
      await page.goto(`${env.server.url}/modes.html`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('dialog', { name: 'Talk to Assistant' }).waitFor();
      await page.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
      expect(await violations()).toEqual([]);
    });
  });

  it('runs the offline demo assistant with zero violations', async () => {
    await withPage(env.browser, async (page) => {
      const violations = await watchViolations(page);
      await page.goto(`${env.server.url}/demo.html`);
      expect(await page.getByText('Demo assistant (offline)').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
      expect(await violations()).toEqual([]);
    });
  });
});
