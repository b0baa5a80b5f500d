import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  builtChunk,
  builtFileSize,
  statusText,
  talkLabel,
  widgetServerOptions,
} from '../fixtures/widget/harness.ts';
import { HeldUi } from '../fixtures/widget/held-ui.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

/** The machine may be busy: polls wait up to 10 s (they return as soon as they pass). */
const WAIT = { timeout: 10_000 };

// "Cost nothing until intent": before hover, focus, touch or click the loader file is the only
// request; the real idle button is there at once, without a layout shift; a click before the
// UI code arrives shows Connecting... in the same frame and is carried out; after the click
// everything (React UI, call client, daily-js) stays under the byte budget.

const KB = 1024;
/** The UI chunk, held back on demand so a click can land before it arrives. */
const heldUi = new HeldUi();

const env = browserFixture({
  launch: { media: 'granted' },
  serve: () => widgetServerOptions({}, heldUi.routes()),
});

/** Paths the page requested from our server after the page itself and its own assets. */
function widgetRequests(): string[] {
  return env.server.requests.filter((path) => path.startsWith('/widget/'));
}

async function openPlain(page: Page): Promise<void> {
  env.server.requests.length = 0;
  await page.goto(`${env.server.url}/plain.html`);
  await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
  await page.waitForTimeout(500);
}

/** Whether the UI code has taken over the element `id`. */
function uiMounted(page: Page, id: string): Promise<boolean> {
  return page.evaluate(
    (elementId) => document.getElementById(elementId)?.shadowRoot?.querySelector('.ui') != null,
    id,
  );
}

describe('before intent', () => {
  it('makes exactly one request, our loader file, within 10 KB gzip', async () => {
    await withPage(env.browser, async (page) => {
      const external: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(env.server.url)) {
          external.push(request.url());
        }
      });
      await openPlain(page);
      expect(widgetRequests()).toEqual(['/widget/voice-assistant.js']);
      expect(external).toEqual([]);
      expect(builtFileSize('voice-assistant.js').gzip).toBeLessThanOrEqual(10 * KB);
    });
  });

  it('shows the real idle button at its final size with no layout shift', async () => {
    await withPage(env.browser, async (page) => {
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            shifts.push((entry as PerformanceEntry & { value: number }).value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openPlain(page);
      const before = await page.evaluate(() => {
        const host = document.getElementById('widget')?.getBoundingClientRect();
        const button = document.getElementById('widget')?.shadowRoot?.querySelector('button');
        const rect = button?.getBoundingClientRect();
        return { host: host?.height, button: rect && [Math.round(rect.width), rect.height] };
      });
      expect(before.host).toBe(160);
      expect(before.button?.[1]).toBe(48);
      await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
      await expect.poll(widgetRequests, WAIT).toContain(`/widget/${builtChunk('mount-ui')}`);
      await expect
        .poll(() =>
          page.evaluate(
            () => !!document.getElementById('widget')?.shadowRoot?.querySelector('.ui button'),
          ),
        )
        .toBe(true);
      const after = await page.evaluate(() => {
        const rect = document
          .getElementById('widget')
          ?.shadowRoot?.querySelector('.ui button')
          ?.getBoundingClientRect();
        return rect && [Math.round(rect.width), rect.height];
      });
      expect(after).toEqual(before.button);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual(
        [],
      );
    });
  });

  it('fetches the UI and the web-call client on hover and on keyboard focus, not before', async () => {
    for (const intent of ['hover', 'focus'] as const) {
      await withPage(env.browser, async (page) => {
        await openPlain(page);
        expect(widgetRequests()).toEqual(['/widget/voice-assistant.js']);
        if (intent === 'hover') {
          await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
        } else {
          await page.keyboard.press('Tab');
        }
        // The UI, its language's texts, and the web-call client with the API code it shares with
        // the text chat (in whatever order the browser finishes them).
        await expect
          .poll(() => widgetRequests().slice().sort(), WAIT)
          .toEqual(
            [
              '/widget/voice-assistant.js',
              `/widget/${builtChunk('mount-ui')}`,
              `/widget/${builtChunk('en')}`,
              `/widget/${builtChunk('platform-web-call')}`,
              `/widget/${builtChunk('define-resource')}`,
            ].sort(),
          );
      });
    }
  });
});

describe('the click', () => {
  it('shows Connecting... in the same frame, before the UI code arrives, and continues', async () => {
    await withPage(env.browser, async (page) => {
      heldUi.hold();
      try {
        await page.goto(`${env.server.url}/esm.html`);
        await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
        const sameTask = await page.evaluate(() => {
          const root = document.getElementById('widget')?.shadowRoot;
          const button = root?.querySelector<HTMLButtonElement>('button');
          button?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
          button?.click();
          return [button?.textContent, button?.getAttribute('aria-disabled')];
        });
        expect(sameTask).toEqual(['Connecting...', 'true']);
        await expect.poll(() => heldUi.waiting, WAIT).toBe(1);
        expect(await talkLabel(page)).toBe('Connecting...');
        expect(await page.evaluate(() => window.fakeCall.webCalls)).toBe(0);
      } finally {
        heldUi.release();
      }
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      expect(await page.evaluate(() => window.fakeCall.webCalls)).toBe(1);
    });
  });

  // The browser clicks only when press and release land on the same element. If the UI takes
  // over while the visitor holds the loader's button down, the release lands on the UI's button
  // and the click is lost (seen in CI as the floating dialog never opening).
  for (const input of ['mouse', 'Space'] as const) {
    it(`carries out a ${input} press held while the UI code arrives`, async () => {
      await withPage(env.browser, async (page) => {
        heldUi.hold();
        try {
          await page.goto(`${env.server.url}/modes.html`);
          const launcher = page.getByRole('button', { name: 'Talk to Assistant' });
          const pressed = await launcher.elementHandle();
          if (input === 'mouse') {
            await launcher.hover();
            await expect.poll(() => heldUi.waiting, WAIT).toBe(1);
            await page.mouse.down();
          } else {
            await launcher.focus();
            await expect.poll(() => heldUi.waiting, WAIT).toBe(1);
            await page.keyboard.down(' ');
          }
          heldUi.release();
          // The other instance, shown intent now, mounts the arrived UI code: from then on it is
          // loaded, and only the press keeps the held button in place.
          await page.evaluate(() =>
            document.getElementById('inline')?.dispatchEvent(new FocusEvent('focusin')),
          );
          await expect.poll(() => uiMounted(page, 'inline'), WAIT).toBe(true);
          expect(await pressed?.evaluate((button) => button.isConnected)).toBe(true);
          if (input === 'mouse') {
            await page.mouse.up();
          } else {
            await page.keyboard.up(' ');
          }
        } finally {
          heldUi.release();
        }
        await page.getByRole('dialog', { name: 'Talk to Assistant' }).waitFor(WAIT);
        await page.getByRole('button', { name: 'Stop' }).waitFor(WAIT);
        expect(await uiMounted(page, 'floating')).toBe(true);
        expect(await page.evaluate(() => window.fakeCall.webCalls)).toBe(1);
      });
    });
  }

  it('loads daily-js at the click, before the web call, and stays within 150 KB gzip in all', async () => {
    await withPage(
      env.browser,
      async (page) => {
        const order: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          order.push(url.pathname.replace(/-[\w-]{8}\.js$/, '.js'));
        });
        await openPlain(page);
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await expect
          .poll(() => statusText(page), WAIT)
          .toMatch(/^The assistant could not be reached/);
        const fetched = widgetRequests().map((path) => path.replace('/widget/', ''));
        expect(fetched.slice(0, 2)).toEqual(['voice-assistant.js', builtChunk('mount-ui')]);
        expect(fetched).toContain(builtChunk('daily-esm'));
        expect(fetched).toContain(builtChunk('platform-web-call'));
        expect(fetched.filter((f) => f.includes('demo'))).toEqual([]);
        const after = order.slice(order.indexOf('/widget/voice-assistant.js'));
        expect(after.indexOf('/widget/chunks/daily-esm.js')).toBeLessThan(
          after.indexOf('/unreachable/call/web'),
        );
        const total = fetched.map(builtFileSize).reduce((sum, size) => sum + size.gzip, 0);
        expect(total).toBeLessThanOrEqual(150 * KB);
      },
      [/ERR_CONNECTION_REFUSED/],
    );
  });
});
