import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, inboxFixture, withInboxPage } from '../helpers/inbox-desk.ts';

// Issue 28 #5: /inbox/sign-in loads only what signing in needs (≤ 60 KB of JavaScript as
// transferred, precompressed by the build), without a layout shift or a logged error; signing in
// then loads the app, and the numbers page's charts only on that page.

const SIGN_IN_JS_BUDGET = 60 * 1024;
const inbox = inboxFixture();

interface Script {
  path: string;
  encoding: string | undefined;
  /** Bytes as they crossed the network: the (compressed) body and the response's headers. */
  bytes: number;
}

/** Every script the page loads from now on, with its bytes as transferred, once all are read. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const pending: Promise<Script>[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.resourceType() === 'script') {
      pending.push(
        Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
          path: new URL(request.url()).pathname,
          encoding: (await response?.allHeaders())?.['content-encoding'],
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        })),
      );
    }
  });
  return () => Promise.all(pending);
}

/** The page's cumulative layout shift so far (the browser's own entries, buffered from load). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            list
              .getEntries()
              .map((e) => e as PerformanceEntry & { value: number; hadRecentInput: boolean })
              .filter((e) => !e.hadRecentInput)
              .reduce((sum, e) => sum + e.value, 0),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all is a CLS of 0: the observer is only called when there is one.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

describe('the inbox, as light as the site', () => {
  it('opens sign-in with ≤ 60 KB of compressed JavaScript and no layout shift, then signs in and loads the app', async () => {
    const { desk } = inbox;
    await desk.addLead({ name: 'Lena Lightweight' });
    // No 401 allowed: the sign-in page asks the desk nothing before the form is sent.
    await withInboxPage(
      inbox.browser,
      async (page) => {
        await page.setViewportSize({ width: 412, height: 823 });
        const scripts = recordScripts(page);
        await page.goto(`${desk.url}/inbox/sign-in`, { waitUntil: 'networkidle' });
        const form = page.getByRole('form', { name: 'Sign in' });
        await form.waitFor();
        expect(await layoutShift(page)).toBe(0);

        const atSignIn = await scripts();
        expect(atSignIn.length).toBeGreaterThan(0);
        for (const script of atSignIn) {
          expect(['br', 'gzip'], script.path).toContain(script.encoding);
        }
        const total = atSignIn.reduce((sum, s) => sum + s.bytes, 0);
        expect(total, atSignIn.map((s) => `${s.path} ${s.bytes}`).join(', ')).toBeLessThanOrEqual(
          SIGN_IN_JS_BUDGET,
        );
        // None of the signed-in app: no page chunk, no charts.
        expect(atSignIn.map((s) => s.path).join(' ')).not.toMatch(/-page-|numbers-view/);

        await form.getByLabel('Email', { exact: true }).fill(ACCOUNTS.broker.email);
        await form.getByLabel('Password', { exact: true }).fill(ACCOUNTS.broker.password);
        await form.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
        await page.getByRole('link', { name: 'Lena Lightweight' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/inbox');
        const afterSignIn = (await scripts()).slice(atSignIn.length).map((s) => s.path);
        expect(afterSignIn.join(' ')).toMatch(/leads-page-/);
        expect(afterSignIn.join(' ')).not.toMatch(/numbers-view/);

        // The charts (Chart.js) only on the numbers page.
        await page.getByRole('link', { name: 'Numbers' }).click();
        await page.getByRole('heading', { level: 1, name: 'Numbers' }).waitFor();
        await page
          .getByRole('img', { name: /^Bar chart, by agent/ })
          .first()
          .waitFor();
        expect((await scripts()).map((s) => s.path).join(' ')).toMatch(/numbers-view-/);
      },
      [],
    );
  });

  it('sends someone opening a signed-in page to sign in, and back there after', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await page.goto(`${desk.url}/inbox/numbers?days=7`);
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.waitFor();
      expect(new URL(page.url()).pathname).toBe('/inbox/sign-in');
      await form.getByLabel('Email', { exact: true }).fill(ACCOUNTS.broker.email);
      await form.getByLabel('Password', { exact: true }).fill(ACCOUNTS.broker.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Numbers' }).waitFor();
      expect(new URL(page.url()).search).toBe('?days=7');
    });
  });
});
