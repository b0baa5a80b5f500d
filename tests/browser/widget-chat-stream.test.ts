import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { logText, typeAndSend } from '../fixtures/access/access-page.ts';
import { widgetServerOptions } from '../fixtures/widget/harness.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';
import { sendContactCard } from '../helpers/contact-card.ts';

// A streamed chat reply (docs/behaviour.md#chat), on the BUILT widget
// in real Chromium: POST /chat/web asks for `stream: true`; the platform stand-in (the fixture
// server's own route, node:http on 127.0.0.1) streams server-sent events one write at a time,
// each write held until the test has seen the last one on screen. The reply grows in one
// partial line of the Transcript log and becomes final; the events' id is the next message's
// `previousChatId`; a stream cut off halfway offers the retry with the text kept, and the retry
// (answered with plain JSON, as a server that does not stream) leaves no line twice.

const WAIT = { timeout: 10_000 };
const BUILDS = [
  { name: 'ES', suffix: '' },
  { name: 'UMD', suffix: '-umd' },
] as const;

interface Exchange {
  body: Record<string, unknown>;
  res: ServerResponse;
}

const exchanges: Exchange[] = [];

function platform(req: IncomingMessage, res: ServerResponse): void {
  let text = '';
  req.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  req.on('end', () => exchanges.push({ body: JSON.parse(text) as Record<string, unknown>, res }));
}

async function nextExchange(count: number): Promise<Exchange> {
  await expect.poll(() => exchanges.length, WAIT).toBe(count);
  return exchanges[count - 1] as Exchange;
}

const sse = (id: string, delta: string) =>
  `data: ${JSON.stringify({ id, path: 'chat.output[0].content', delta })}\r\n\r\n`;

/** The log's lines as [role, partial, text] (the speaker's name and typed mark left out). */
function lines(page: Page): Promise<Array<[string, boolean, string]>> {
  return page.evaluate(() =>
    [
      ...(document
        .getElementById('widget')
        ?.shadowRoot?.querySelectorAll('[role="log"] [part="transcript-line"]') ?? []),
    ].map((line) => [
      line.classList.contains('line--user') ? 'user' : 'assistant',
      line.classList.contains('line--partial'),
      line.querySelector('.said')?.textContent ?? '',
    ]),
  );
}

/** What the polite live regions say (the log itself is not live). */
function spoken(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      ...(document
        .getElementById('widget')
        ?.shadowRoot?.querySelectorAll('.sr-only[aria-live="polite"]') ?? []),
    ]
      .map((region) => region.textContent)
      .join(' '),
  );
}

function typingShown(page: Page): Promise<boolean> {
  return page.getByText('The assistant is typing…').isVisible();
}

const env = browserFixture({
  launch: { media: 'granted' },
  serve: widgetServerOptions({}, { '/chat/web': platform }),
});

// A reply the test left streaming would keep the server from closing.
afterAll(() => {
  for (const { res } of exchanges) {
    res.destroy();
  }
});

describe('Type instead without a call: a streamed POST /chat/web reply', () => {
  for (const build of BUILDS) {
    it(`${build.name}: grows one partial line, carries the chat id, and retries a cut stream once`, async () => {
      exchanges.length = 0;
      await withPage(
        env.browser,
        async (page) => {
          await page.goto(`${env.server.url}/access-platform${build.suffix}.html`);
          await page.evaluate(
            (url) => document.getElementById('widget')?.setAttribute('api-base-url', url),
            env.server.url,
          );
          await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
          await page.getByRole('button', { name: 'Type instead' }).click();
          await typeAndSend(page, 'Is Saturday free?');
          await page.getByRole('button', { name: 'Agree' }).click();

          const first = await nextExchange(1);
          expect(first.body.stream).toBe(true);
          first.res.writeHead(200, { 'content-type': 'text/event-stream' });
          first.res.write(': connected\r\n\r\n');
          await expect.poll(() => typingShown(page), WAIT).toBe(true);
          first.res.write(sse('chat_s1', 'Yes,'));
          await expect
            .poll(() => lines(page), WAIT)
            .toEqual([
              ['user', false, 'Is Saturday free?'],
              ['assistant', true, 'Yes,'],
            ]);
          // The growing line takes the typing indicator's place, and is not read out yet.
          expect(await typingShown(page)).toBe(false);
          expect(await spoken(page)).not.toContain('Yes,');
          const rest = sse('chat_s1', ' at 2 PM') + sse('chat_s1', ' and 4 PM.');
          first.res.write(rest.slice(0, 25));
          first.res.write(rest.slice(25));
          await expect
            .poll(() => lines(page), WAIT)
            .toEqual([
              ['user', false, 'Is Saturday free?'],
              ['assistant', true, 'Yes, at 2 PM and 4 PM.'],
            ]);
          first.res.end();
          await expect
            .poll(() => lines(page), WAIT)
            .toEqual([
              ['user', false, 'Is Saturday free?'],
              ['assistant', false, 'Yes, at 2 PM and 4 PM.'],
            ]);
          // Screen readers hear the whole reply once it is whole.
          await expect.poll(() => spoken(page), WAIT).toContain('Yes, at 2 PM and 4 PM.');

          // The next message continues the chat the stream named; this stream is cut off.
          await typeAndSend(page, 'Book 2 PM please');
          const second = await nextExchange(2);
          expect(second.body.previousChatId).toBe('chat_s1');
          expect(second.body.input).toBe('Book 2 PM please');
          second.res.writeHead(200, { 'content-type': 'text/event-stream' });
          second.res.write(sse('chat_s2', 'Booking'));
          await expect
            .poll(async () => (await lines(page)).at(-1), WAIT)
            .toEqual(['assistant', true, 'Booking']);
          second.res.destroy();

          const retry = page.getByRole('button', { name: 'Try again' });
          await retry.waitFor(WAIT);
          expect(await logText(page)).toContain('Not sent.');
          expect(await lines(page)).toEqual([
            ['user', false, 'Is Saturday free?'],
            ['assistant', false, 'Yes, at 2 PM and 4 PM.'],
            ['user', false, 'Book 2 PM please'],
          ]);
          await retry.click();
          const third = await nextExchange(3);
          expect(third.body).toEqual(second.body);
          // A server that does not stream answers JSON: that is taken as it is.
          third.res.writeHead(201, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              id: 'chat_s3',
              output: [{ role: 'assistant', content: 'Booked for 2 PM.' }],
            }),
          );
          await expect
            .poll(() => lines(page), WAIT)
            .toEqual([
              ['user', false, 'Is Saturday free?'],
              ['assistant', false, 'Yes, at 2 PM and 4 PM.'],
              ['user', false, 'Book 2 PM please'],
              ['assistant', false, 'Booked for 2 PM.'],
            ]);
          expect(await retry.count()).toBe(0);
          expect(await spoken(page)).toContain('Booked for 2 PM.');

          await typeAndSend(page, 'Thanks');
          expect((await nextExchange(4)).body.previousChatId).toBe('chat_s3');
          (exchanges[3] as Exchange).res.destroy();
        },
        [/ERR_|network|Failed to load/i],
      );
    });
  }
});

describe('Type instead without a call: the lead tools through POST /chat/web', () => {
  it('answers a reply’s tool_calls with tool messages in the next input, and shows what follows', async () => {
    exchanges.length = 0;
    await withPage(
      env.browser,
      async (page) => {
        await page.addInitScript(() => {
          const seen: unknown[] = [];
          (window as unknown as { leads: unknown[] }).leads = seen;
          document.addEventListener('voice-assistant:lead', (event) =>
            seen.push((event as CustomEvent).detail),
          );
        });
        await page.goto(`${env.server.url}/access-platform.html`);
        await page.evaluate(
          (url) => document.getElementById('widget')?.setAttribute('api-base-url', url),
          env.server.url,
        );
        await page.getByRole('button', { name: 'Talk to Assistant' }).hover();
        await page.getByRole('button', { name: 'Type instead' }).click();
        await typeAndSend(page, 'I’m Sam Rivera, 604 555 0134, I want to buy');
        await page.getByRole('button', { name: 'Agree' }).click();

        const ask = await nextExchange(1);
        const toolCall = {
          id: 'call_lead_1',
          type: 'function',
          function: {
            name: 'capture_lead',
            arguments: JSON.stringify({ name: 'Sam Rivera', phone: '604 555 0134', intent: 'buy' }),
          },
        };
        ask.res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chat_t1',
            output: [{ role: 'assistant', content: 'One moment.', tool_calls: [toolCall] }],
          }),
        );
        const answer = await nextExchange(2);
        expect(answer.body.previousChatId).toBe('chat_t1');
        expect(answer.body.stream).toBe(true);
        expect(answer.body.input).toEqual([
          { role: 'tool', tool_call_id: 'call_lead_1', content: expect.stringMatching(/^Saved\./) },
        ]);
        answer.res.writeHead(200, { 'content-type': 'text/event-stream' });
        answer.res.end(sse('chat_t2', 'I’ve passed your details to the team.'));
        await expect
          .poll(() => lines(page), WAIT)
          .toEqual([
            ['user', false, 'I’m Sam Rivera, 604 555 0134, I want to buy'],
            ['assistant', false, 'One moment.\n\nI’ve passed your details to the team.'],
          ]);
        // A capture with a phone number waits on the visitor's contact card (issue 29 §3).
        await sendContactCard(page, true);
        const leads = await page.evaluate(() => (window as unknown as { leads: unknown[] }).leads);
        expect(leads).toEqual([
          expect.objectContaining({
            conversationId: 'chat_t1',
            fields: expect.objectContaining({ name: 'Sam Rivera', intent: 'buy' }),
          }),
        ]);
        // The conversation goes on from the chat that answered the tool result.
        await typeAndSend(page, 'Thanks');
        expect((await nextExchange(3)).body.previousChatId).toBe('chat_t2');
        (exchanges[2] as Exchange).res.destroy();
      },
      [/ERR_|network|Failed to load/i],
    );
  });
});
