import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { typeAndSend } from '../fixtures/access/access-page.ts';
import { widgetServerOptions } from '../fixtures/widget/harness.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';
import { sendContactCard } from '../helpers/contact-card.ts';

// docs/behaviour.md#chat: a page for "22 Oak Street" running the offline demo gets a viewing request
// for 22 Oak Street, never for the demo's own 14 Linden Court.

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>22 Oak Street</title>
<link rel="icon" href="/favicon.svg">
<script type="module" src="/widget/voice-assistant.js"></script>
</head><body><main><h1>22 Oak Street</h1>
<voice-assistant id="widget" assistant-id="demo" demo mode="inline" assistant-name="Iris" listing-address="22 Oak Street" listing-id="OAK-22"></voice-assistant>
</main></body></html>`;

const site = browserFixture({
  serve: widgetServerOptions(
    {},
    {
      '/oak.html': (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      },
    },
  ),
});

describe('the offline demo on a host page with its own listing', () => {
  it('answers as the page’s assistant about the page’s home, and requests a viewing of it', async () => {
    await withPage(site.browser, async (page) => {
      await page.addInitScript(() => {
        const seen: unknown[] = [];
        (window as unknown as { viewings: unknown[] }).viewings = seen;
        document.addEventListener('voice-assistant:viewing-request', (event) => {
          seen.push((event as CustomEvent).detail);
          event.preventDefault(); // The page takes the request: nothing is posted.
        });
      });
      await page.goto(`${site.server.url}/oak.html`);
      const widget = page.locator('voice-assistant');
      await widget.getByRole('button', { name: /^Talk/ }).hover();
      await widget.getByRole('button', { name: 'Type instead' }).click();
      await typeAndSend(page, 'Can I book 2 PM on Saturday?');
      const log = () =>
        widget.evaluate(
          (host) => host.shadowRoot?.querySelector('[role="log"]')?.textContent ?? '',
        );
      await expect.poll(log, { timeout: 15_000 }).toContain('What name and phone number');
      await typeAndSend(page, 'I’m Sam Rivera, call me at 604 555 0134');
      await sendContactCard(page, false);
      const viewings = () =>
        page.evaluate(() => (window as unknown as { viewings: unknown[] }).viewings);
      await expect.poll(viewings, { timeout: 15_000 }).toHaveLength(1);
      const [viewing] = (await viewings()) as Array<{ fields: { listing?: string } }>;
      expect(viewing?.fields.listing).toBe('22 Oak Street');
    });
  });
});
