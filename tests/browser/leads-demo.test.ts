import { describe, expect, it } from 'vitest';
import { DEMO_LISTING_ID } from '../../site/lib/demo-listing.ts';
import { LISTING } from '../../widget/demo/listing-facts.ts';
import { CLIPS, DEMO_VISITOR } from '../../widget/demo/script.ts';
import {
  bookViewingByVoice,
  DEMO_PATH,
  recordedEvents,
  VISITOR_SPEECH_WAV,
  waitForEvent,
} from '../fixtures/demo/demo-page.ts';
import {
  capturesOf,
  leadEvents,
  leadSiteFixture,
  recordLeadEvents,
} from '../fixtures/demo/lead-site.ts';
import { withPage } from '../helpers/chromium.ts';

/**
 * `npm start`'s whole lead path in real Chromium: the built site's demo page, the offline demo
 * assistant (a fake microphone speaks the visitor's lines), the widget answering its
 * `request_viewing` and `capture_lead` tool calls and handing them to the page (a build without
 * `VITE_LEAD_ENDPOINT`; with `npm start` they go on to the desk: desk-pipeline.test.ts).
 */

const site = leadSiteFixture({
  media: 'granted',
  args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`],
});

describe('the offline demo’s lead path on /assistant (real Chromium, built site)', () => {
  it('ends with one lead and one viewing request handed to the page, and the confirmation', async () => {
    await withPage(site.browser, async (page) => {
      await recordLeadEvents(page);
      await bookViewingByVoice(page, `${site.server.url}${DEMO_PATH}`);
      await expect.poll(async () => (await capturesOf(page)).length, { timeout: 15_000 }).toBe(2);

      const kinds = (await capturesOf(page)).map((line) => line.kind).sort();
      expect(kinds).toEqual(['lead', 'viewing-request']);
      const lead = (await capturesOf(page)).find((line) => line.kind === 'lead');
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
        url: `${site.server.url}/`,
        agentName: LISTING.agent,
      };
      expect(lead?.listing).toEqual(listing);
      // The desk and the inbox mark a demo's captures (docs/inbox.md, "Demo leads").
      expect((await capturesOf(page)).map((line) => line.demo)).toEqual([true, true]);
      expect(
        (await capturesOf(page)).find((line) => line.kind === 'viewing-request')?.listing,
      ).toEqual(listing);

      const events = await leadEvents(page);
      expect(events.filter((e) => e.type === 'voice-assistant:lead')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'voice-assistant:viewing-request')).toHaveLength(1);

      // The short confirmation is in the transcript, and the call ends by itself.
      await waitForEvent(page, 'call-end', {}, 30_000);
      const recorded = await recordedEvents(page);
      expect(recorded.some((e) => e.name === 'error')).toBe(false);
      expect(await capturesOf(page)).toHaveLength(2);
      // The demo promises nothing the product does not do: no text message is ever sent.
      const said = recorded
        .filter((e) => e.name === 'message')
        .map((e) => JSON.stringify(e.detail))
        .join(' ');
      expect(said).toContain(CLIPS.booked.text);
      expect(said).not.toMatch(/texted|text you|reminder/i);
    });
  });
});
