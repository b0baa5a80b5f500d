import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventsOf,
  fakePlatform,
  microphoneRequests,
  recordAccess,
} from '../fixtures/access/access-page.ts';
import { startWidgetServer } from '../fixtures/widget/harness.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium, openPage } from '../helpers/chromium.ts';
import type { StaticServer } from '../helpers/static-server.ts';

// The recording disclosure (docs/behaviour.md#consent), on the BUILT widget: `Not now`
// asks for no microphone, sends nothing and stores nothing; `Agree` starts the call, dispatches
// voice-assistant:consent and is remembered across Stop, a new Talk and a reload; a changed
// text asks again; the version goes to the platform in the overrides' metadata.

const WAIT = { timeout: 10_000 };
const BUILDS = [
  { name: 'ES', suffix: '' },
  { name: 'UMD', suffix: '-umd' },
] as const;

let browser: Browser;
let server: StaticServer;
const platform = fakePlatform(() => ({ status: 500, body: { message: 'no calls here' } }));

beforeAll(async () => {
  browser = await launchChromium({ media: 'granted' });
  server = await startWidgetServer({}, platform.routes);
});

afterAll(async () => {
  await server?.close();
  await browser?.close();
});

function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage));
}

function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('widget')?.shadowRoot;
    const dialog = root?.querySelector('[role="dialog"]');
    return !!dialog && !!root?.activeElement && dialog.contains(root.activeElement);
  });
}

async function withContext<T>(fn: (page: Page) => Promise<T>, allow: RegExp[] = []): Promise<T> {
  const context = await browser.newContext();
  try {
    const { page, problems } = await openPage(context);
    const result = await fn(page);
    problems.assertNone(allow);
    return result;
  } finally {
    await context.close();
  }
}

describe('consent disclosure', () => {
  for (const build of BUILDS) {
    it(`${build.name}: Not now (and Escape) opens no microphone, sends nothing, stores nothing`, async () => {
      await withContext(async (page) => {
        await recordAccess(page);
        await page.goto(`${server.url}/access-consent${build.suffix}.html`);
        const talk = page.getByRole('button', { name: 'Talk to Assistant' });
        await talk.click();
        const dialog = page.getByRole('dialog', { name: 'Before we start' });
        await dialog.waitFor(WAIT);
        expect(await dialog.textContent()).toContain('This call is recorded and transcribed');
        expect(
          await page.getByRole('link', { name: 'Read the full terms' }).getAttribute('href'),
        ).toBe(`${server.url}/terms.html`); // resolved against the page, as <a href> is
        await expect.poll(() => focusInDialog(page)).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        const requestsBefore = server.requests.length;

        await page.getByRole('button', { name: 'Not now' }).click();
        await expect.poll(() => dialog.count()).toBe(0);
        await talk.waitFor(WAIT);
        // Focus goes back to the button the visitor pressed.
        await expect
          .poll(() => talk.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement))
          .toBe(true);

        // Escape means Not now too.
        await talk.click();
        await dialog.waitFor(WAIT);
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);

        await page.waitForTimeout(500);
        expect(await microphoneRequests(page)).toBe(0);
        expect(server.requests.slice(requestsBefore)).toEqual([]);
        expect(await storedKeys(page)).toEqual([]);
        expect(await eventsOf(page, 'consent')).toEqual([]);
        expect(await eventsOf(page, 'state-change')).toEqual([]);
      });
    });

    it(`${build.name}: Agree starts the call and is remembered after Stop and a reload; a new text asks again`, async () => {
      await withContext(async (page) => {
        await recordAccess(page);
        await page.goto(`${server.url}/access-consent${build.suffix}.html`);
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await page.getByRole('button', { name: 'Agree' }).click();
        await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
        expect(await microphoneRequests(page)).toBe(1);

        const [consent] = await eventsOf(page, 'consent');
        const detail = consent?.detail as { version: string; acceptedAt: string };
        expect(detail.version).toMatch(/^[0-9a-f]{16}$/);
        expect(Number.isNaN(Date.parse(detail.acceptedAt))).toBe(false);
        expect(await storedKeys(page)).toEqual([`voice-assistant:consent:${detail.version}`]);

        // Stop, then Talk again in the same page: not asked again.
        await page.getByRole('button', { name: 'Stop' }).click();
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
        expect(await page.getByRole('dialog').count()).toBe(0);
        await page.getByRole('button', { name: 'Stop' }).click();
        await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);

        // A reload keeps the stored agreement only.
        await page.reload();
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(await eventsOf(page, 'consent')).toEqual([]);
        await page.getByRole('button', { name: 'Stop' }).click();
        await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);

        // A changed disclosure is a new version: asked again.
        await page.evaluate(() =>
          document
            .getElementById('widget')
            ?.setAttribute('consent', 'Calls are recorded, transcribed and kept for 90 days.'),
        );
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await page.getByRole('dialog', { name: 'Before we start' }).waitFor(WAIT);
        await page.getByRole('button', { name: 'Agree' }).click();
        await expect.poll(async () => (await eventsOf(page, 'consent')).length, WAIT).toBe(1);
        const [second] = await eventsOf(page, 'consent');
        expect((second?.detail as { version?: string } | undefined)?.version).not.toBe(
          detail.version,
        );
        await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Stop' }).click();
      });
    });
  }

  it('sends the agreed version with the call, in assistantOverrides.metadata', async () => {
    await withContext(
      async (page) => {
        platform.requests.length = 0;
        await recordAccess(page);
        await page.goto(`${server.url}/access-platform.html`);
        await page.evaluate(
          (url) => document.getElementById('widget')?.setAttribute('api-base-url', url),
          server.url,
        );
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await page.getByRole('button', { name: 'Agree' }).click();
        await expect.poll(() => platform.requests.length, WAIT).toBe(1);
        const [consent] = await eventsOf(page, 'consent');
        const [request] = platform.requests;
        expect(request?.path).toBe('/call/web');
        expect(request?.authorization).toBe('Bearer pk_chat');
        expect(request?.body.assistantOverrides).toEqual({
          // The page goes with every call too (the listing variables of docs/behaviour.md#leads).
          variableValues: { language: 'en', page_url: `${server.url}/access-platform.html` },
          metadata: { consent: consent?.detail },
        });
        // The platform refused (500): the widget is back to idle and says so.
        await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);
      },
      [/status of 500/],
    );
  });
});
