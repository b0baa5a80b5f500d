import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STAND_IN_PATH } from '../../site/config.ts';
import { DEMO_LISTING_ID } from '../../site/lib/demo-listing.ts';
import { createLeadStandIn } from '../../site/server/lead-stand-in.ts';
import { LISTING } from '../../widget/demo/listing-facts.ts';
import { CLIPS, DEMO_VISITOR } from '../../widget/demo/script.ts';
import {
  agreeToConsent,
  DEMO_PATH,
  openDemoPage,
  recordedEvents,
  VISITOR_SPEECH_WAV,
  waitForEvent,
} from '../fixtures/demo/demo-page.ts';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { type StaticServer, startStaticServer } from '../helpers/static-server.ts';

/**
 * `npm start`'s whole lead path in real Chromium: the built site's demo page, the offline demo
 * assistant (a fake microphone speaks the visitor's lines), the widget answering its
 * `request_viewing` and `capture_lead` tool calls, and the site's lead stand-in writing them to
 * a JSON-lines file (a temporary one here, `data/leads.jsonl` under `npm start`).
 */

let browser: Browser;
let server: StaticServer;
let dir: string;
let leadsFile: string;

function lines(): Array<Record<string, unknown>> {
  try {
    return readFileSync(leadsFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  } catch {
    return [];
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leads-demo-'));
  leadsFile = join(dir, 'leads.jsonl');
  const standIn = createLeadStandIn({ file: leadsFile });
  server = await startStaticServer({
    mounts: { '/': 'dist/site' },
    fallback: 'dist/site/index.html',
    routes: { [LEAD_STAND_IN_PATH]: standIn.handle },
  });
  browser = await launchChromium({
    media: 'granted',
    args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the offline demo’s lead path on /assistant (real Chromium, built site)', () => {
  it('ends with one lead and one viewing request in the leads file, one lead event, and the confirmation', async () => {
    await withPage(browser, async (page) => {
      await page.addInitScript(() => {
        const seen: Array<{ type: string; detail: unknown }> = [];
        (window as unknown as { leadEvents: typeof seen }).leadEvents = seen;
        for (const type of ['voice-assistant:lead', 'voice-assistant:viewing-request']) {
          document.addEventListener(type, (event) => {
            seen.push({ type, detail: (event as CustomEvent).detail });
          });
        }
      });
      await openDemoPage(page, `${server.url}${DEMO_PATH}`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await agreeToConsent(page);
      await waitForEvent(page, 'message', { type: 'tool-calls' }, 90_000);
      await waitForEvent(
        page,
        'message',
        {
          type: 'transcript',
          role: 'assistant',
          transcriptType: 'final',
          transcript: CLIPS.booked.text,
        },
        60_000,
      );
      await expect.poll(() => lines().length, { timeout: 15_000 }).toBe(2);

      const kinds = lines()
        .map((line) => line.kind)
        .sort();
      expect(kinds).toEqual(['lead', 'viewing-request']);
      const lead = lines().find((line) => line.kind === 'lead');
      expect(lead).toMatchObject({
        fields: { name: DEMO_VISITOR.name, intent: 'buy', consentToContact: true },
      });
      expect(typeof lead?.conversationId).toBe('string');
      // The page's widget names the listing the demo talks about (the demo's own facts), so the
      // brokerage knows which home the lead is for; the viewing request carries it too.
      const listing = {
        address: LISTING.address,
        price: LISTING.price,
        id: DEMO_LISTING_ID,
        url: `${server.url}/`,
        agentName: LISTING.agent,
      };
      expect(lead?.listing).toEqual(listing);
      expect(lines().find((line) => line.kind === 'viewing-request')?.listing).toEqual(listing);

      const events = await page.evaluate(
        () => (window as unknown as { leadEvents: Array<{ type: string }> }).leadEvents,
      );
      expect(events.filter((e) => e.type === 'voice-assistant:lead')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'voice-assistant:viewing-request')).toHaveLength(1);

      // The short confirmation is in the transcript, and the call ends by itself.
      await waitForEvent(page, 'call-end', {}, 30_000);
      const recorded = await recordedEvents(page);
      expect(recorded.some((e) => e.name === 'error')).toBe(false);
      expect(lines()).toHaveLength(2);
    });
  });
});
