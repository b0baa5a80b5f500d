import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWidgetServer } from '../fixtures/widget/harness.ts';
import { CAPTURE_LEAD } from '../fixtures/widget/lead-tool-calls.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { boxSentence, sendContactCard } from '../helpers/contact-card.ts';
import { LeadReceiver } from '../helpers/lead-receiver.ts';
import type { StaticServer } from '../helpers/static-server.ts';

/**
 * The built widget's lead capture in real Chromium: listing variables in POST /call/web, and a
 * `capture_lead` tool call (through the fake room) delivered to a loopback lead endpoint.
 */

const LISTING_JSON_LD = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'RealEstateListing',
  url: '/listings/14-linden',
  offers: { '@type': 'Offer', price: '450000', priceCurrency: 'USD' },
  about: {
    '@type': 'SingleFamilyResidence',
    address: {
      '@type': 'PostalAddress',
      streetAddress: '14 Linden Court',
      addressLocality: 'Vancouver',
    },
  },
});

function hostPage(widget: string, extraHead = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Listing</title>
<link rel="icon" href="/favicon.svg">
<script type="application/ld+json">${LISTING_JSON_LD}</script>
<script type="module" src="/widget/voice-assistant.js"></script>${extraHead}
</head><body><main><h1>14 Linden Court</h1>${widget}</main></body></html>`;
}

const FAKE_CALL = '<script type="module" src="/tests/fixtures/widget/fake-call.ts"></script>';
function sendHtml(html: string) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

let browser: Browser;
let server: StaticServer;
let receiver = new LeadReceiver();
/** How the lead endpoint answers the next POSTs: `500` a few times, then the receiver. */
let failNext = 0;
const leadPosts: number[] = [];
const webCallBodies: unknown[] = [];

const leadLines = () => receiver.captures;

beforeAll(async () => {
  server = await startWidgetServer(
    {},
    {
      '/listing-real.html': (req, res) =>
        sendHtml(
          hostPage(
            `<voice-assistant id="widget" listing="auto" agent-name="Daniel Park" assistant-id="asst_1" public-key="pk_1" api-base-url="http://${req.headers.host}/platform" assistant-overrides='{"variableValues":{"agent_name":"Host Daniel","office":"Main St"}}'></voice-assistant>`,
          ),
        )(req, res),
      '/listing-fake.html': sendHtml(
        hostPage(
          '<voice-assistant id="widget" listing="auto" assistant-id="asst_1" lead-endpoint="/forms/lead" analytics="datalayer" brokerage="Maple Ridge Realty"></voice-assistant>',
          FAKE_CALL,
        ),
      ),
      '/platform/call/web': async (req, res) => {
        webCallBodies.push(JSON.parse(await readBody(req)));
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"test"}');
      },
      '/forms/lead': async (req, res) => {
        if (failNext > 0) {
          failNext -= 1;
          await readBody(req);
          leadPosts.push(500);
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
          return;
        }
        await receiver.handle(req, res);
        leadPosts.push(res.statusCode);
      },
    },
  );
  browser = await launchChromium({ media: 'granted' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(() => {
  receiver = new LeadReceiver();
  failNext = 0;
  leadPosts.length = 0;
});

/** Starts a fake call on the page, waits until it is up, and sends `capture_lead`. */
async function captureLead(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Talk to Assistant' }).click();
  await page.getByRole('button', { name: 'Stop' }).waitFor();
  await page.evaluate((message) => window.fakeCall.serverMessage(message), CAPTURE_LEAD);
  // The assistant always gets its tool result back, whoever delivers the lead.
  await page.waitForFunction(
    () =>
      window.fakeCall.daily.room.sent.some(
        (m) => typeof m === 'string' && m.includes('"tool_call_id":"tc-lead-1"'),
      ),
    undefined,
    { polling: 50 },
  );
}

async function recordLeadEvents(page: Page, prevent: boolean): Promise<void> {
  await page.addInitScript((cancel) => {
    const seen: unknown[] = [];
    (window as unknown as { leadEvents: unknown[] }).leadEvents = seen;
    document.addEventListener('voice-assistant:lead', (event) => {
      seen.push(event.detail);
      if (cancel) {
        event.preventDefault();
      }
    });
  }, prevent);
}

describe('lead capture in the built widget (real Chromium)', () => {
  it('sends the page’s JSON-LD listing in POST /call/web, host variables winning', async () => {
    await withPage(
      browser,
      async (page) => {
        webCallBodies.length = 0;
        await page.goto(`${server.url}/listing-real.html`);
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await expect.poll(() => webCallBodies.length, { timeout: 15_000 }).toBe(1);
        const body = webCallBodies[0] as {
          assistantId: string;
          assistantOverrides: { variableValues: Record<string, string> };
        };
        expect(body.assistantId).toBe('asst_1');
        expect(body.assistantOverrides.variableValues).toEqual({
          listing_address: expect.stringContaining('14 Linden Court'),
          listing_price: expect.stringContaining('450000'),
          listing_url: `${server.url}/listings/14-linden`,
          agent_name: 'Host Daniel',
          page_url: `${server.url}/listing-real.html`,
          office: 'Main St',
          language: 'en', // the visitor's language goes with every call (docs/behaviour.md#languages)
        });
      },
      [/status of 500/],
    );
  });

  it('dispatches one voice-assistant:lead, posts it once, answers the tool and pushes analytics', async () => {
    await withPage(browser, async (page) => {
      await recordLeadEvents(page, false);
      await page.goto(`${server.url}/listing-fake.html`);
      await captureLead(page);
      await sendContactCard(page, true);
      await expect.poll(() => leadLines().length).toBe(1);
      const [line] = leadLines();
      expect(line).toMatchObject({
        kind: 'lead',
        conversationId: 'call-1',
        fields: { name: 'Sam Rivera', intent: 'buy', consentToContact: true, spokenConsent: true },
        contactConsent: { text: boxSentence('604 555 0134') },
        listing: { address: expect.stringContaining('14 Linden Court') },
      });
      const events = await page.evaluate(
        () => (window as unknown as { leadEvents: unknown[] }).leadEvents,
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ idempotencyKey: line?.idempotencyKey });
      const layer = await page.evaluate(
        () => (window as unknown as { dataLayer: { event: string }[] }).dataLayer,
      );
      // One lead event beside the funnel's other steps (docs/marketers.md), none with personal data.
      expect(layer.filter((e) => e.event === 'voice_assistant_lead')).toEqual([
        { event: 'voice_assistant_lead', intent: 'buy' },
      ]);
      expect(layer).toContainEqual({ event: 'voice_assistant_open' });
      expect(JSON.stringify(layer)).not.toMatch(/Sam|Rivera|604|@/);
      // Delivered: nothing waits on the device.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('voice-assistant:pending-leads')))
        .toBeNull();
    });
  });

  it('does not post a lead whose event the host cancelled', async () => {
    await withPage(browser, async (page) => {
      await recordLeadEvents(page, true);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${server.url}/listing-fake.html`);
      await captureLead(page);
      await sendContactCard(page, false);
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { leadEvents: unknown[] }).leadEvents.length),
        )
        .toBe(1);
      const events = await page.evaluate(
        () => (window as unknown as { leadEvents: unknown[] }).leadEvents,
      );
      expect(events).toHaveLength(1);
      // The tool result went back after the event was handled; a POST would have started then.
      expect(
        await page.evaluate(() => localStorage.getItem('voice-assistant:pending-leads')),
      ).toBeNull();
      // The widget starts its POST before it answers the tool, so none was started at all.
      expect(requested).not.toContain('/forms/lead');
      expect(leadPosts).toEqual([]);
      expect(leadLines()).toEqual([]);
    });
  });

  it('after a 500 and a reload, still delivers the lead exactly once', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // The endpoint is down for this whole page load (its own retries fail too)…
      failNext = Number.POSITIVE_INFINITY;
      await page.goto(`${server.url}/listing-fake.html`);
      await captureLead(page);
      // Agreeing to be contacted is what lets the capture wait on the device.
      await sendContactCard(page, true);
      await expect.poll(() => leadPosts[0]).toBe(500);
      const waiting = await page.evaluate(() =>
        localStorage.getItem('voice-assistant:pending-leads'),
      );
      expect(waiting).toContain('Sam Rivera');
      expect(leadLines()).toEqual([]);

      // …and back for the next one, which sends it without any visitor intent.
      failNext = 0;
      const resent = page.waitForRequest(
        (request) => request.method() === 'POST' && request.url().endsWith('/forms/lead'),
      );
      await page.reload();
      await resent;
      await expect.poll(() => leadLines().length, { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('voice-assistant:pending-leads')))
        .toBeNull();
      expect(leadLines()).toHaveLength(1);
      expect(leadLines()[0]).toMatchObject({ kind: 'lead', fields: { name: 'Sam Rivera' } });
    } finally {
      await context.close();
    }
  });

  for (const width of [375, 1280]) {
    it(`at ${width} px, a capture with a phone waits for the card: corrected, unticked box, sent as the visitor says`, async () => {
      await withPage(browser, async (page) => {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await recordLeadEvents(page, false);
        await page.goto(`${server.url}/listing-fake.html`);
        await captureLead(page);
        const card = page.getByRole('dialog', { name: 'Check your details' });
        await card.waitFor();
        // Nothing leaves the page until the visitor sends the card.
        expect(leadLines()).toEqual([]);
        const box = card.getByRole('checkbox', { name: boxSentence('604 555 0134') });
        expect(await box.isChecked()).toBe(false);
        expect(await card.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Sam Rivera');
        expect(await axeViolations(page)).toEqual([]);
        // The card stays inside the viewport, its Send button reachable.
        const send = card.getByRole('button', { name: 'Send' });
        const bounds = await send.boundingBox();
        expect(bounds && bounds.x + bounds.width <= width && bounds.x >= 0).toBe(true);

        // A misheard number is corrected; an undiallable one is refused with a sentence.
        const phone = card.getByRole('textbox', { name: 'Phone' });
        await phone.fill('555-12');
        await send.click();
        await expect.poll(() => card.getByRole('alert').textContent()).toContain('dialled');
        expect(await axeViolations(page)).toEqual([]);
        await phone.fill('604-555-0143');
        await card.getByRole('checkbox', { name: boxSentence('604-555-0143') }).check();
        await send.click();
        await card.waitFor({ state: 'detached' });
        await expect.poll(() => leadLines().length).toBe(1);
        const [line] = leadLines();
        expect(line).toMatchObject({
          fields: { name: 'Sam Rivera', phone: '604-555-0143', consentToContact: true },
          contactConsent: {
            text: boxSentence('604-555-0143'),
            version: expect.stringMatching(/^[0-9a-f]{16}$/),
            givenAt: expect.any(String),
          },
        });
        // Focus went back into the widget, not lost on the page.
        expect(
          await page.evaluate(
            () => document.getElementById('widget')?.shadowRoot?.activeElement?.tagName,
          ),
        ).toBeDefined();
      });
    });
  }

  it('after a call, asks "How was this conversation?" once: rated to the endpoint and the funnel, skippable, Talk stays usable', async () => {
    await withPage(browser, async (page) => {
      await page.goto(`${server.url}/listing-fake.html`);
      const talk = page.getByRole('button', { name: 'Talk to Assistant' });
      const say = (transcript: string) =>
        page.evaluate((message) => window.fakeCall.serverMessage(message), {
          type: 'transcript',
          role: 'assistant',
          transcriptType: 'final',
          transcript,
        });
      await talk.click();
      await page.getByRole('button', { name: 'Stop' }).click();
      await talk.waitFor();
      // A call that said nothing asks nothing.
      const question = page.getByRole('form', { name: 'Feedback' });
      expect(await question.count()).toBe(0);

      await talk.click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await say('Hello, how can I help?');
      await page.getByRole('button', { name: 'Stop' }).click();
      await question.waitFor();
      expect(
        await question.getByRole('group', { name: 'How was this conversation?' }).count(),
      ).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      // Never in the way of Talk again: it can be pressed with the question shown.
      await talk.click({ trial: true });
      await question.getByRole('radio', { name: '4' }).check();
      await question.getByRole('textbox', { name: 'Comment (optional)' }).fill('Quick and clear');
      await question.getByRole('button', { name: 'Send feedback' }).click();
      await question.waitFor({ state: 'detached' });
      await expect
        .poll(() => leadLines().filter((line) => line.kind === 'feedback'))
        .toEqual([
          expect.objectContaining({
            kind: 'feedback',
            conversationId: 'call-2', // the second call: the first said nothing
            channel: 'call',
            rating: 4,
            comment: 'Quick and clear',
          }),
        ]);
      const layer = await page.evaluate(
        () => (window as unknown as { dataLayer: { event: string }[] }).dataLayer,
      );
      expect(layer.filter((e) => e.event === 'voice_assistant_feedback')).toEqual([
        { event: 'voice_assistant_feedback', rating: 4 },
      ]);

      // The next call is another conversation: asked again, and Skip sends nothing.
      await talk.click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await say('Anything else?');
      await page.getByRole('button', { name: 'Stop' }).click();
      await question.getByRole('button', { name: 'Skip' }).click();
      await question.waitFor({ state: 'detached' });
      expect(leadLines().filter((line) => line.kind === 'feedback')).toHaveLength(1);
    });
  });
});
