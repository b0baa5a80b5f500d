import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventsOf,
  type FakePlatform,
  fakePlatform,
  logText,
  recordAccess,
  typeAndSend,
} from '../fixtures/access/access-page.ts';
import { startWidgetServer } from '../fixtures/widget/harness.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import type { StaticServer } from '../helpers/static-server.ts';

// "Type instead" (docs/behaviour.md#chat), on the BUILT widget in real Chromium, for
// the ES loader and the single-file UMD: the offline demo answers typed questions with the
// microphone denied; during a call a typed line reaches the room as add-message; without a
// call it goes to POST /chat/web (a stand-in on the fixture server) with the public key,
// carrying the chat id, and a failure keeps the text for a retry.

const WAIT = { timeout: 10_000 };
const BUILDS = [
  { name: 'ES', suffix: '', fake: 'esm.html' },
  { name: 'UMD', suffix: '-umd', fake: 'umd.html' },
] as const;

describe('Type instead with the microphone denied (offline demo)', () => {
  let browser: Browser;
  let server: StaticServer;

  beforeAll(async () => {
    browser = await launchChromium({ media: 'denied' });
    server = await startWidgetServer();
  });

  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  for (const build of BUILDS) {
    it(`${build.name}: offers Type instead, answers the price and books 2 PM`, async () => {
      await withPage(browser, async (page) => {
        await recordAccess(page);
        await page.goto(`${server.url}/access-demo${build.suffix}.html`);
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await expect
          .poll(async () => (await eventsOf(page, 'error')).map((e) => e.detail), WAIT)
          .toContainEqual(expect.objectContaining({ code: 'microphone-denied' }));

        const typeInstead = page.getByRole('button', { name: 'Type instead' });
        await typeInstead.waitFor(WAIT);
        expect(await typeInstead.getAttribute('class')).toContain('type-instead--prominent');
        await expect
          .poll(() => page.getByText('You can type your question instead.').isVisible())
          .toBe(true);
        await typeInstead.click();
        const field = page.getByRole('textbox', { name: 'Message' });
        await expect
          .poll(() => field.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement))
          .toBe(true);

        await typeAndSend(page, 'How much is the house?');
        // The field clears once the line is in the log; the typing indicator shows, then the reply.
        await page.getByText('The assistant is typing…').waitFor(WAIT);
        await expect.poll(() => field.inputValue()).toBe('');
        await expect.poll(() => logText(page), WAIT).toContain('$450,000');
        // The log is not live; the typed reply is read out once by a polite region.
        await expect
          .poll(() =>
            page.evaluate(() =>
              [
                ...(document
                  .getElementById('widget')
                  ?.shadowRoot?.querySelectorAll('.sr-only[aria-live="polite"]') ?? []),
              ]
                .map((region) => region.textContent)
                .join(' '),
            ),
          )
          .toContain('$450,000');
        await typeAndSend(page, 'Please book 2 PM');
        await expect.poll(() => logText(page), WAIT).toContain('booked for Saturday at 2:00 PM');

        // Typed lines and replies are marked as typed, the visitor's own words are kept as typed.
        const lines = await page.evaluate(() =>
          [
            ...(document
              .getElementById('widget')
              ?.shadowRoot?.querySelectorAll('[role="log"] [part="transcript-line"]') ?? []),
          ].map((line) => [
            line.classList.contains('line--user') ? 'user' : 'assistant',
            (line as HTMLElement).dataset.typed,
          ]),
        );
        expect(lines).toEqual([
          ['user', 'true'],
          ['assistant', 'true'],
          ['user', 'true'],
          ['assistant', 'true'],
        ]);
        expect(await logText(page)).toContain('How much is the house?');

        // Shift+Enter adds a line instead of sending.
        await field.fill('first line');
        await field.press('Shift+Enter');
        await field.pressSequentially('second line');
        expect(await field.inputValue()).toBe('first line\nsecond line');
        expect(await axeViolations(page)).toEqual([]);
        // Nothing of the demo's voice was fetched: typing needs no audio.
        expect(server.requests.some((path) => path.endsWith('.webm'))).toBe(false);
      });
    });
  }
});

describe('Type instead during a voice call (fake room)', () => {
  let browser: Browser;
  let server: StaticServer;

  beforeAll(async () => {
    browser = await launchChromium({ media: 'granted' });
    server = await startWidgetServer();
  });

  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  for (const build of BUILDS) {
    it(`${build.name}: a typed line reaches the room as add-message and stays after Stop`, async () => {
      await withPage(browser, async (page) => {
        await page.goto(`${server.url}/${build.fake}`);
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await expect
          .poll(() => page.evaluate(() => window.fakeCall.daily.room !== undefined), WAIT)
          .toBe(true);
        await page.evaluate(() => window.fakeCall.listening());
        await page.getByRole('button', { name: 'Stop' }).waitFor(WAIT);

        await page.getByRole('button', { name: 'Type instead' }).click();
        await typeAndSend(page, 'Is there parking?');
        const sent = await page.evaluate(() => window.fakeCall.daily.room.sent);
        const added = sent
          .filter((data): data is string => typeof data === 'string' && data.startsWith('{'))
          .map((data) => JSON.parse(data) as { type: string });
        expect(added).toContainEqual({
          type: 'add-message',
          message: { role: 'user', content: 'Is there parking?' },
        });
        // The assistant's spoken answer joins the same log.
        await page.evaluate(() =>
          window.fakeCall.serverMessage({
            type: 'transcript',
            role: 'assistant',
            transcriptType: 'final',
            transcript: 'Yes, a two-car garage.',
          }),
        );
        await expect.poll(() => logText(page)).toContain('Yes, a two-car garage.');

        await page.getByRole('button', { name: 'Stop' }).click();
        await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);
        expect(await logText(page)).toContain('Is there parking?');
        expect(await page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
      });
    });
  }
});

describe('Type instead without a call: POST /chat/web', () => {
  let browser: Browser;
  let server: StaticServer;
  let platform: FakePlatform;

  beforeAll(async () => {
    browser = await launchChromium({ media: 'granted' });
    platform = fakePlatform((request, index) => ({
      status: 201,
      body: {
        id: `chat_${index + 1}`,
        output: [{ role: 'assistant', content: `Reply to: ${String(request.body.input)}` }],
      },
    }));
    server = await startWidgetServer({}, platform.routes);
  });

  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  for (const build of BUILDS) {
    it(`${build.name}: sends the public key, carries the chat id, and keeps the text on a 500`, async () => {
      platform.requests.length = 0;
      await withPage(
        browser,
        async (page) => {
          await recordAccess(page);
          await page.goto(`${server.url}/access-platform${build.suffix}.html`);
          await page.evaluate(
            (url) => document.getElementById('widget')?.setAttribute('api-base-url', url),
            server.url,
          );
          // Hovering is the sign of intent that brings the UI, and with it `Type instead`.
          await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
          await page.getByRole('button', { name: 'Type instead' }).click();
          await typeAndSend(page, 'Hello there');
          await page.getByRole('dialog', { name: 'Before we start' }).waitFor(WAIT);
          expect(platform.requests).toEqual([]);
          await page.getByRole('button', { name: 'Agree' }).click();
          await expect.poll(() => logText(page), WAIT).toContain('Reply to: Hello there');

          await typeAndSend(page, 'Second question');
          await expect.poll(() => logText(page), WAIT).toContain('Reply to: Second question');

          platform.replies.push({ status: 500, body: { message: 'Internal server error' } });
          await typeAndSend(page, 'Third one');
          const retry = page.getByRole('button', { name: 'Try again' });
          await retry.waitFor(WAIT);
          expect(await logText(page)).toContain('Third one');
          expect(await logText(page)).toContain('Not sent.');
          await retry.click();
          await expect.poll(() => logText(page), WAIT).toContain('Reply to: Third one');
          expect(await retry.count()).toBe(0);

          const [first, second, failed, retried] = platform.requests;
          expect(platform.requests.map((r) => r.path)).toEqual(Array(4).fill('/chat/web'));
          for (const request of platform.requests) {
            expect(request.authorization).toBe('Bearer pk_chat');
            expect(request.body.assistantId).toBe('asst_chat');
            expect(request.body.stream).toBe(true);
          }
          expect(first?.body.previousChatId).toBeUndefined();
          expect(second?.body.previousChatId).toBe('chat_1');
          expect(failed?.body.previousChatId).toBe('chat_2');
          expect(retried?.body).toEqual(failed?.body);
          expect(retried?.body.input).toBe('Third one');
          const consent = (await eventsOf(page, 'consent'))[0]?.detail as { version: string };
          // The language and the page's listing variables (here only its URL) go with the chat.
          expect(first?.body.assistantOverrides).toEqual({
            variableValues: {
              language: 'en',
              page_url: `${server.url}/access-platform${build.suffix}.html`,
            },
            metadata: { consent: { version: consent.version, acceptedAt: expect.any(String) } },
          });
          expect(await axeViolations(page)).toEqual([]);
        },
        [/status of 500/],
      );
    });
  }

  it('a reload keeps the chat: its lines again, and the next line continues the same chat', async () => {
    platform.requests.length = 0;
    await withPage(browser, async (page) => {
      const useFakePlatform = () =>
        page.evaluate(
          (url) => document.getElementById('widget')?.setAttribute('api-base-url', url),
          server.url,
        );
      await page.goto(`${server.url}/access-platform.html`);
      await useFakePlatform();
      await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
      await page.getByRole('button', { name: 'Type instead' }).click();
      await typeAndSend(page, 'Hello there');
      await page.getByRole('button', { name: 'Agree' }).click();
      await expect.poll(() => logText(page), WAIT).toContain('Reply to: Hello there');
      expect(platform.requests).toHaveLength(1);

      // Issue 29 §1: the same tab, a new document; no click brings the chat back.
      await page.reload();
      await useFakePlatform();
      await expect.poll(() => logText(page), WAIT).toMatch(/Hello there.*Reply to: Hello there/s);
      await typeAndSend(page, 'And the next page?');
      await expect.poll(() => logText(page), WAIT).toContain('Reply to: And the next page?');
      expect(platform.requests.map((request) => request.body.previousChatId)).toEqual([
        undefined,
        'chat_1',
      ]);
    });
  });
});
