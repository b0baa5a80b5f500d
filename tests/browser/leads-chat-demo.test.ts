import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { typeAndSend } from '../fixtures/access/access-page.ts';
import {
  agreeToConsent,
  DEMO_PATH,
  openDemoPage,
  recordedEvents,
} from '../fixtures/demo/demo-page.ts';
import {
  capturesOf,
  leadEvents,
  leadSiteFixture,
  recordLeadEvents,
} from '../fixtures/demo/lead-site.ts';
import { withPage } from '../helpers/chromium.ts';
import { sendContactCard } from '../helpers/contact-card.ts';

// Typed chat reaches the same outcome as a call (docs/behaviour.md#chat), in real Chromium on the built site's demo
// page with the microphone denied: the visitor only types, books 2 PM and gives a name and a
// phone number; the offline demo calls `request_viewing` and `capture_lead` through the same lead
// wiring as a call, and hands them to the page (a build without VITE_LEAD_ENDPOINT).

const WAIT = { timeout: 15_000 };

const site = leadSiteFixture({ media: 'denied' });
/** The Transcript log of the page's one widget (`/assistant` gives it no id). */
function logText(page: Page): Promise<string> {
  return page
    .locator('voice-assistant')
    .evaluate((host) => host.shadowRoot?.querySelector('[role="log"]')?.textContent ?? '');
}

describe('the offline demo’s lead path, typed only (real Chromium, built site, microphone denied)', () => {
  it('books 2 PM with a name and phone: one lead and one viewing request, one lead event, a confirmation', async () => {
    await withPage(site.browser, async (page) => {
      await recordLeadEvents(page);
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await page.getByRole('button', { name: 'Type instead' }).click();

      await typeAndSend(page, 'Can I book 2 PM on Saturday?');
      await expect.poll(() => logText(page), WAIT).toContain('booked for Saturday at 2:00 PM');
      await expect
        .poll(() => logText(page), WAIT)
        .toContain('What name and phone number or email should Daniel use to confirm?');
      expect(await capturesOf(page)).toEqual([]);

      await typeAndSend(page, 'I’m Sam Rivera, text me at 604 555 0134');
      // The visitor checks the details on the contact card and agrees to be contacted.
      await sendContactCard(page, true);
      await expect
        .poll(() => logText(page), WAIT)
        .toContain('Thanks, Sam Rivera. I’ve passed your details to Daniel');
      await expect.poll(async () => (await capturesOf(page)).length, WAIT).toBe(2);
      expect((await capturesOf(page)).map((line) => line.kind).sort()).toEqual([
        'lead',
        'viewing-request',
      ]);
      const lead = (await capturesOf(page)).find((line) => line.kind === 'lead');
      expect(lead).toMatchObject({
        fields: { name: 'Sam Rivera', intent: 'buy', consentToContact: true },
      });
      expect(String(lead?.conversationId)).toMatch(/^demo-chat-/);
      const viewing = (await capturesOf(page)).find((line) => line.kind === 'viewing-request');
      expect(viewing).toMatchObject({ fields: { preferredTimes: ['Saturday 2:00 PM'] } });

      // More typing books nothing twice.
      await typeAndSend(page, 'Book 2 PM please');
      await expect
        .poll(() => logText(page), WAIT)
        .toContain('You’re already booked for Saturday at 2:00 PM.');
      const events = await leadEvents(page);
      expect(events.filter((e) => e.type === 'voice-assistant:lead')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'voice-assistant:viewing-request')).toHaveLength(1);
      expect(await capturesOf(page)).toHaveLength(2);
      // The visitor never spoke: no call started, the only error is the denied microphone.
      const recorded = await recordedEvents(page);
      expect(recorded.some((e) => e.name === 'call-start')).toBe(false);
      expect(
        recorded.filter((e) => e.name === 'error').map((e) => (e.detail as { code: string }).code),
      ).toEqual(['microphone-denied']);
    });
  });
});
