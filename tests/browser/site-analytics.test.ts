import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIPS, DEMO_VISITOR } from '../../widget/demo/script.ts';
import { typeAndSend } from '../fixtures/access/access-page.ts';
import {
  agreeToConsent,
  DEMO_PATH,
  openDemoPage,
  VISITOR_SPEECH_WAV,
  waitForEvent,
} from '../fixtures/demo/demo-page.ts';
import { leadSiteFixture } from '../fixtures/demo/lead-site.ts';
import { withPage } from '../helpers/chromium.ts';
import { sendContactCard } from '../helpers/contact-card.ts';

// With analytics="datalayer" (docs/marketers.md#analytics-in-google-tag-manager) (the site's own widgets set it), every step of the
// funnel reaches window.dataLayer in GA4's shape, and never a name, phone, email or transcript.

const WAIT = { timeout: 15_000 };

function dataLayer(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
    return JSON.parse(JSON.stringify(layer)) as Array<Record<string, unknown>>;
  });
}

const eventNames = (page: Page) =>
  dataLayer(page).then((layer) => layer.map((entry) => entry.event));

/** Nothing in the data layer a person could be recognised by, nor anything anyone said. */
async function expectNoPersonalData(page: Page): Promise<void> {
  const text = JSON.stringify(await dataLayer(page));
  for (const personal of [
    DEMO_VISITOR.name,
    'Sam',
    '604',
    '555',
    '@',
    'Linden',
    CLIPS.greeting.text.slice(0, 20),
  ]) {
    expect(text).not.toContain(personal);
  }
  for (const entry of await dataLayer(page)) {
    expect(
      Object.keys(entry).every((key) =>
        ['event', 'consent', 'duration_seconds', 'code', 'intent'].includes(key),
      ),
    ).toBe(true);
  }
}

describe('the funnel in window.dataLayer: one demo call', () => {
  const site = leadSiteFixture({
    media: 'granted',
    args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`],
  });

  it('open, consent accepted, call start, viewing request, lead, call end with its length', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      expect(await eventNames(page)).toEqual([]);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      // The phone the visitor says is checked on the contact card before the lead goes out.
      await sendContactCard(page, true, 150_000);
      await waitForEvent(page, 'call-end', {}, 150_000);
      await expect
        .poll(() => eventNames(page), WAIT)
        .toEqual([
          'voice_assistant_open',
          'voice_assistant_consent',
          'voice_assistant_call_start',
          'voice_assistant_viewing_request',
          'voice_assistant_lead',
          'voice_assistant_call_end',
        ]);
      const layer = await dataLayer(page);
      expect(layer[1]).toEqual({ event: 'voice_assistant_consent', consent: 'accepted' });
      expect(layer[4]).toEqual({ event: 'voice_assistant_lead', intent: 'buy' });
      const end = layer[5] as { duration_seconds: number };
      expect(Number.isInteger(end.duration_seconds)).toBe(true);
      expect(end.duration_seconds).toBeGreaterThan(5);
      await expectNoPersonalData(page);
    });
  });
});

describe('the funnel in window.dataLayer: one typed chat, microphone denied', () => {
  const site = leadSiteFixture({ media: 'denied' });

  it('open, consent accepted, the microphone error, chat start, viewing request, lead', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await page.getByRole('button', { name: 'Type instead' }).click();
      await typeAndSend(page, 'Can I book 2 PM on Saturday?');
      const log = () =>
        page
          .locator('voice-assistant')
          .evaluate((host) => host.shadowRoot?.querySelector('[role="log"]')?.textContent ?? '');
      await expect.poll(log, WAIT).toContain('What name and phone number or email');
      await typeAndSend(page, `I’m ${DEMO_VISITOR.name}, call me at ${DEMO_VISITOR.phone}`);
      await sendContactCard(page, true);
      await expect
        .poll(() => eventNames(page), WAIT)
        .toEqual([
          'voice_assistant_open',
          'voice_assistant_consent',
          'voice_assistant_error',
          'voice_assistant_chat_start',
          'voice_assistant_viewing_request',
          'voice_assistant_lead',
        ]);
      const layer = await dataLayer(page);
      expect(layer[2]).toEqual({ event: 'voice_assistant_error', code: 'microphone-denied' });
      await expectNoPersonalData(page);
    });
  });

  it('a declined disclosure is counted too', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}/`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await page
        .getByRole('dialog', { name: 'Before we start' })
        .getByRole('button', { name: 'Not now' })
        .click();
      await expect
        .poll(() => dataLayer(page), WAIT)
        .toEqual([
          { event: 'voice_assistant_open' },
          { event: 'voice_assistant_consent', consent: 'declined' },
        ]);
    });
  });
});
