import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VOICE_OFF } from '../../widget/demo/synth-voice.ts';
import { VISITOR_SPEECH_WAV } from '../fixtures/demo/demo-page.ts';
import { widgetServerOptions } from '../fixtures/widget/harness.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

// docs/behaviour.md#chat, the host's listing in a demo call: a demo call on a page for 22 Oak Street
// captions the page's home, price and agent, never the sample's 14 Linden Court. The recorded
// voice says the sample's words, so it is not played; headless Chromium has no speech voice,
// so the call is captions only, with a note that the sample voice is off.

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>22 Oak Street</title>
<link rel="icon" href="/favicon.svg">
<script type="module" src="/widget/voice-assistant.js"></script>
</head><body><main><h1>22 Oak Street</h1>
<voice-assistant id="widget" assistant-id="demo" demo listing-address="22 Oak Street" listing-price="$615,000" agent-name="Priya"></voice-assistant>
</main></body></html>`;

const site = browserFixture({
  launch: { media: 'granted', args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`] },
  serve: widgetServerOptions(
    {},
    {
      '/oak.html': (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      },
    },
  ),
});

describe('a demo call on a page with its own listing', () => {
  it('captions the page’s home with the sample voice off, answers typed questions about it, and plays no recording', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/oak.html`);
      // The path under test: this browser offers no speech synthesis voice.
      expect(await page.evaluate(() => speechSynthesis.getVoices().length)).toBe(0);
      await page.locator('voice-assistant').getByRole('button', { name: /^Talk/ }).click();
      const shown: string[] = [];
      const captions = async () => {
        const text = await page.evaluate(
          () => document.getElementById('widget')?.shadowRoot?.textContent ?? '',
        );
        shown.push(text);
        return text;
      };
      for (const line of [
        SAMPLE_VOICE_OFF,
        'Hi, I’m the virtual assistant for 22 Oak Street. How can I help you today?',
        'Hi! Is 22 Oak Street still available? I’d love to see it.',
        'Yes, 22 Oak Street is available, listed at $615,000.',
      ]) {
        await expect.poll(captions, { timeout: 60_000 }).toContain(line);
      }
      // A question typed during the call is answered about the page's home too.
      await page.locator('voice-assistant').getByRole('button', { name: 'Type instead' }).click();
      const field = page.locator('voice-assistant').getByRole('textbox', { name: 'Message' });
      await field.fill('How much is it?');
      await field.press('Enter');
      await expect
        .poll(captions, { timeout: 30_000 })
        .toContain('22 Oak Street is listed at $615,000.');
      expect(shown.join('\n')).not.toContain('Linden');
      // No recorded clip was fetched, so none can play.
      expect(site.server.requests.filter((path) => path.endsWith('.webm'))).toEqual([]);
      await page.getByRole('button', { name: 'Stop' }).click();
    });
  });
});
