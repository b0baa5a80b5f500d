import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeAndSend } from '../fixtures/access/access-page.ts';
import { agreeToConsent } from '../fixtures/demo/demo-page.ts';
import { startWidgetServer } from '../fixtures/widget/harness.ts';
import { CAPTURE_LEAD_BY_EMAIL } from '../fixtures/widget/lead-tool-calls.ts';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { sendContactCard } from '../helpers/contact-card.ts';
import {
  type RecordedRequest,
  type Reply,
  startTestServer,
  type TestServer,
} from '../helpers/http-server.ts';
import type { StaticServer } from '../helpers/static-server.ts';

/**
 * The assistant's sentence must not lie (docs/behaviour.md#leads): the built widget on a page whose
 * `lead-endpoint` is another loopback origin that refuses CORS, or answers 400. The tool result
 * then says "saved for follow-up", `voice-assistant:lead-delivery` names the status and the
 * likely cause, and neither it nor the console carries the visitor's details.
 */

// Whole values only: a bare "555" also matches a random idempotency key now and then.
const PERSONAL = /Sam|Rivera|sam@example\.org|604 555 0134/;
const DISCLOSURE = 'This conversation is recorded and shared with the brokerage.';

let browser: Browser;
let site: StaticServer;
let endpoint: TestServer;

/**
 * A listing page whose widget posts to `?to=` (with the disclosure on `?consent`): `extra` adds
 * attributes, `script` a module (the fake call).
 */
function listingPage(extra: string, script: string) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const to = query.get('to') ?? '';
    const consent = query.has('consent') ? ` consent="${DISCLOSURE}"` : '';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Listing</title>
<link rel="icon" href="/favicon.svg">
<script type="module" src="/widget/voice-assistant.js"></script>${script}
</head><body><main><h1>14 Linden Court</h1>
<voice-assistant id="widget"${extra} assistant-id="asst_1" agent-name="Daniel Park" lead-endpoint="${to}"${consent}></voice-assistant>
</main></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  };
}

beforeAll(async () => {
  endpoint = await startTestServer();
  site = await startWidgetServer(
    {},
    {
      '/listing.html': listingPage(
        '',
        '\n<script type="module" src="/tests/fixtures/widget/fake-call.ts"></script>',
      ),
      // The offline demo's floating widget, without the fake call: its own demo answers.
      '/chat.html': listingPage(' mode="floating" demo', ''),
    },
  );
  browser = await launchChromium({ media: 'granted' });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await endpoint?.close();
});

/**
 * Starts the fake call, sends `capture_lead` (by email: no contact card), and resolves with the
 * tool result's text.
 */
async function captureLead(page: Page, path: string, consent = false): Promise<string> {
  const to = encodeURIComponent(`${endpoint.url}${path}`);
  await page.goto(`${site.url}/listing.html?to=${to}${consent ? '&consent' : ''}`);
  await page.getByRole('button', { name: 'Talk to Assistant' }).click();
  if (consent) {
    await agreeToConsent(page);
  }
  await page.getByRole('button', { name: 'Stop' }).waitFor();
  await page.evaluate((message) => window.fakeCall.serverMessage(message), CAPTURE_LEAD_BY_EMAIL);
  const handle = await page.waitForFunction(
    () =>
      window.fakeCall.daily.room.sent.find(
        (m) => typeof m === 'string' && m.includes('"tool_call_id":"tc-lead-1"'),
      ),
    undefined,
    { polling: 50 },
  );
  const sent = JSON.parse(String(await handle.jsonValue())) as { message: { content: string } };
  return sent.message.content;
}

function deliveryEvents(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() =>
    window.fakeCall.events
      .filter((e) => e.type === 'voice-assistant:lead-delivery')
      .map((e) => e.detail as Record<string, unknown>),
  );
}

/** Records the page's console warnings (the widget's diagnostics). */
function consoleWarnings(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') {
      lines.push(msg.text());
    }
  });
  return lines;
}

/** An endpoint that allows the page's origin and accepts every POST (as the desk does). */
function accepting(request: RecordedRequest): Reply {
  return {
    status: request.method === 'OPTIONS' ? 204 : 201,
    headers: {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
    },
    ...(request.method === 'POST' && { body: { ok: true } }),
  };
}

/** The JSON bodies POSTed to the endpoint so far. */
const posted = () =>
  endpoint.requests
    .filter((r) => r.method === 'POST')
    .map((r) => JSON.parse(r.text) as Record<string, unknown>);

/** Captures a lead that does not get through: the tool result, and one delivery event. */
async function expectFollowUp(page: Page): Promise<string[]> {
  const warnings = consoleWarnings(page);
  const result = await captureLead(page, '/leads');
  expect(result).toContain('Saved for follow-up');
  expect(result).not.toMatch(/were passed to|Daniel/);
  await expect.poll(() => deliveryEvents(page)).toHaveLength(1);
  return warnings;
}

describe('a capture the endpoint does not take (real Chromium, built widget)', () => {
  it('CORS refused: "saved for follow-up", a queued lead-delivery naming CORS, no personal data', async () => {
    endpoint.reset();
    // No Access-Control-Allow-Origin anywhere: the preflight fails, as with a desk whose
    // DESK_ALLOWED_ORIGINS lacks this page's origin.
    endpoint.handle(() => ({ status: 403, body: { error: { code: 'origin' } } }));
    await withPage(
      browser,
      async (page) => {
        const warnings = await expectFollowUp(page);
        const [event] = await deliveryEvents(page);
        expect(event).toEqual({
          idempotencyKey: expect.any(String),
          status: 'queued',
          reason: 'the endpoint did not allow this origin (CORS)',
        });
        expect(
          warnings.some((w) => w.includes('the endpoint did not allow this origin (CORS)')),
        ).toBe(true);
        for (const line of [...warnings, JSON.stringify(await deliveryEvents(page))]) {
          expect(line).not.toMatch(PERSONAL);
        }
        // The browser sent the preflight only: no capture reached the endpoint.
        expect(endpoint.requests.some((r) => r.method === 'POST')).toBe(false);
      },
      [/CORS policy/, /Failed to load resource/, /net::ERR_FAILED/],
    );
  });

  it('400: "saved for follow-up", and a failed lead-delivery with the status', async () => {
    endpoint.reset();
    endpoint.handle((request) => {
      const cors = {
        'access-control-allow-origin': request.headers.origin ?? '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
      };
      return request.method === 'OPTIONS'
        ? { status: 204, headers: cors }
        : {
            status: 400,
            headers: cors,
            body: { error: { code: 'invalid-field', message: 'fields.phone is bad' } },
          };
    });
    await withPage(
      browser,
      async (page) => {
        const warnings = await expectFollowUp(page);
        expect((await deliveryEvents(page))[0]).toMatchObject({
          status: 'failed',
          reason: 'the endpoint refused the capture (HTTP 400)',
        });
        expect(warnings.some((w) => w.includes('HTTP 400'))).toBe(true);
        for (const line of warnings) {
          expect(line).not.toMatch(PERSONAL);
        }
        // Refused for good: nothing waits on the device.
        expect(
          await page.evaluate(() => localStorage.getItem('voice-assistant:pending-leads')),
        ).toBeNull();
      },
      [/status of 400/],
    );
  });

  it('accepted: the assistant says it was passed to the agent, and lead-delivery says delivered', async () => {
    endpoint.reset();
    endpoint.handle(accepting);
    await withPage(browser, async (page) => {
      const result = await captureLead(page, '/leads');
      expect(result).toContain('passed to Daniel Park');
      await expect
        .poll(() => deliveryEvents(page))
        .toEqual([{ idempotencyKey: expect.any(String), status: 'delivered', reason: null }]);
      const post = endpoint.requests.find((r) => r.method === 'POST');
      expect(JSON.parse(post?.text ?? '{}')).toMatchObject({
        kind: 'lead',
        toolCallId: 'tc-lead-1',
        pageUrl: `${site.url}/listing.html`,
        consent: null,
      });
    });
  });

  it('sends the transcript when the call ends, with the visitor’s agreement, after its capture', async () => {
    endpoint.reset();
    endpoint.handle(accepting);
    await withPage(browser, async (page) => {
      await captureLead(page, '/leads', true);
      for (const [role, transcript] of [
        ['assistant', 'Would Saturday suit you?'],
        ['user', 'Saturday at two works.'],
      ]) {
        await page.evaluate((message) => window.fakeCall.serverMessage(message), {
          type: 'transcript',
          role,
          transcriptType: 'final',
          transcript,
        });
      }
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect.poll(() => posted().map((body) => body.kind)).toEqual(['lead', 'conversation']);
      const [lead, conversation] = posted();
      expect(lead?.consent).toEqual({
        version: expect.stringMatching(/^[0-9a-f]{16}$/),
        text: DISCLOSURE,
        acceptedAt: expect.any(String),
      });
      expect(conversation).toMatchObject({
        kind: 'conversation',
        conversationId: lead?.conversationId,
        channel: 'call',
        pageUrl: `${site.url}/listing.html`,
        messages: [
          { role: 'assistant', text: 'Would Saturday suit you?' },
          { role: 'user', text: 'Saturday at two works.' },
        ],
      });
      expect(conversation?.idempotencyKey).not.toBe(lead?.idempotencyKey);
    });
  });

  it('without the visitor’s agreement, no transcript leaves the page', async () => {
    endpoint.reset();
    endpoint.handle(accepting);
    await withPage(browser, async (page) => {
      await captureLead(page, '/leads');
      await expect.poll(() => posted().length).toBe(1);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
      // A transcript would be posted as soon as the ended call's tool calls were answered (they
      // were): a capture in a second call on the same page is posted after anything it sent.
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await page.evaluate(
        (message) => window.fakeCall.serverMessage(message),
        CAPTURE_LEAD_BY_EMAIL,
      );
      await expect.poll(() => posted().length).toBe(2);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
      await expect.poll(() => endpoint.requests.filter((r) => r.method === 'POST').length).toBe(2);
      expect(posted().map((body) => body.kind)).toEqual(['lead', 'lead']);
    });
  });
});

describe('a typed chat’s transcript (real Chromium, built widget, offline demo)', () => {
  const BOOK = 'Can I book 2 PM on Saturday?';
  const WAIT = { timeout: 10_000 };
  const DETAILS = 'I’m Sam Rivera, text me at 604 555 0134';
  /** The microphone is denied: the visitor only types, as on the demo page. */
  let typing: Browser;

  beforeAll(async () => {
    typing = await launchChromium({ media: 'denied' });
  });
  afterAll(() => typing?.close());

  /** Types a booking with a name and phone until both captures reached the endpoint. */
  async function bookByTyping(page: Page, consent: boolean): Promise<void> {
    const to = encodeURIComponent(`${endpoint.url}/leads`);
    await page.goto(`${site.url}/chat.html?to=${to}${consent ? '&consent' : ''}`);
    await page.getByRole('button', { name: 'Talk to Assistant' }).click();
    if (consent) {
      await agreeToConsent(page);
    }
    await page.getByRole('button', { name: 'Type instead' }).click();
    await typeAndSend(page, BOOK);
    const log = () =>
      page
        .locator('voice-assistant')
        .evaluate((host) => host.shadowRoot?.querySelector('[role="log"]')?.textContent ?? '');
    await expect.poll(log, WAIT).toContain('What name and phone number or email');
    expect(posted()).toEqual([]);
    await typeAndSend(page, DETAILS);
    await sendContactCard(page, false);
    const kinds = () =>
      posted()
        .map((body) => body.kind)
        .sort();
    await expect.poll(kinds, WAIT).toEqual(['lead', 'viewing-request']);
  }

  it('closing the chat sends its typed lines after its captures, with the visitor’s agreement', async () => {
    endpoint.reset();
    endpoint.handle(accepting);
    await withPage(typing, async (page) => {
      await bookByTyping(page, true);
      await page.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => posted().length, WAIT).toBe(3);
      const lead = posted().find((body) => body.kind === 'lead');
      const conversation = posted()[2];
      expect(String(lead?.conversationId)).toMatch(/^demo-chat-/);
      expect(conversation).toMatchObject({
        kind: 'conversation',
        channel: 'chat',
        conversationId: lead?.conversationId,
        pageUrl: `${site.url}/chat.html`,
        demo: true,
      });
      const messages = conversation?.messages as Array<{ role: string; text: string }>;
      expect(messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual([BOOK, DETAILS]);
      expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(2);
      expect(conversation?.idempotencyKey).not.toBe(lead?.idempotencyKey);
    });
  });

  it('leaving the page (pagehide) sends what the chat has then, without closing it', async () => {
    endpoint.reset();
    endpoint.handle(accepting);
    await withPage(typing, async (page) => {
      await bookByTyping(page, true);
      await page.goto('about:blank');
      await expect.poll(() => posted().length, WAIT).toBe(3);
      const conversation = posted()[2];
      expect(conversation).toMatchObject({ kind: 'conversation', channel: 'chat' });
      const messages = conversation?.messages as Array<{ role: string; text: string }>;
      expect(messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual([BOOK, DETAILS]);
    });
  });

  it('without the visitor’s agreement, closing the chat or leaving the page sends no transcript', async () => {
    endpoint.reset();
    endpoint.handle(accepting);
    await withPage(typing, async (page) => {
      await bookByTyping(page, false);
      await page.getByRole('button', { name: 'Close' }).click();
      // A transcript's POST would start at the click; one the page sends after it is the marker.
      await page.evaluate(
        (url) =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ kind: 'marker' }),
          }),
        `${endpoint.url}/leads`,
      );
      await page.goto('about:blank');
      await expect.poll(() => posted().length, WAIT).toBe(3);
      expect(posted().map((body) => body.kind)).not.toContain('conversation');
    });
  });
});
