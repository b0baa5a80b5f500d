import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIPS } from '../../widget/demo/script.ts';
import { LIVE_CONVERSATION_KEY } from '../../widget/element/live-conversation.ts';
import {
  agreeToConsent,
  DEMO_PATH,
  demoSiteFixture,
  openDemoPage,
  type RecordedEvent,
  recordedEvents,
  VISITOR_SPEECH_WAV,
  waitForEvent,
} from '../fixtures/demo/demo-page.ts';
import { withPage } from '../helpers/chromium.ts';

// Issue 29 §1 on two real pages of the built site (npm run build:widget && npm run build:site):
// a demo call started on /assistant goes on when the visitor follows a link to /, and so does a
// typed chat.

function assistantLines(events: RecordedEvent[]): string[] {
  return events.flatMap((event) => {
    const detail = event.detail as {
      type?: string;
      role?: string;
      transcriptType?: string;
      transcript?: string;
    } | null;
    return event.name === 'message' &&
      detail?.type === 'transcript' &&
      detail.role === 'assistant' &&
      detail.transcriptType === 'final' &&
      detail.transcript
      ? [detail.transcript]
      : [];
  });
}

describe('a demo call follows the visitor to the next page of the site', () => {
  const site = demoSiteFixture({
    media: 'granted',
    args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`],
  });

  it('from /assistant to /: no click, the transcript again, and the script goes on', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await waitForEvent(page, 'message', { type: 'transcript', transcriptType: 'final' });
      expect(assistantLines(await recordedEvents(page))).toContain(CLIPS.greeting.text);

      // The visitor follows a link: a new document of the same tab, same origin.
      await page.goto(`${site.server.url}/`);
      await waitForEvent(page, 'state-change', { state: 'active' });
      expect(await page.evaluate((key) => sessionStorage.getItem(key), LIVE_CONVERSATION_KEY)).toBe(
        null,
      );
      const widget = page.locator('voice-assistant');
      await expect
        .poll(() => widget.evaluate((el) => el.shadowRoot?.textContent ?? ''), { timeout: 10_000 })
        .toContain(CLIPS.greeting.text);
      // The visitor (the fake microphone) answers, and the assistant goes on from there: it does
      // not greet again.
      await waitForEvent(page, 'message', { type: 'transcript', transcriptType: 'final' }, 30_000);
      await expect
        .poll(async () => assistantLines(await recordedEvents(page)).length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect(assistantLines(await recordedEvents(page))[0]).not.toBe(CLIPS.greeting.text);
    });
  });
});

/** The said text of each line in the widget's log, in order (the typing indicator left out). */
function loggedLines(page: Page): Promise<string[]> {
  return page
    .locator('voice-assistant')
    .evaluate((host) =>
      [...(host.shadowRoot?.querySelectorAll('[role="log"] .line .said') ?? [])].map(
        (said) => said.textContent ?? '',
      ),
    );
}

/** Types `text` into the widget's box (the site's contact form has a `Message` too) and sends it. */
async function typeAndSend(page: Page, text: string): Promise<void> {
  const field = page.locator('voice-assistant').getByRole('textbox', { name: 'Message to Nora' });
  await field.fill(text);
  await field.press('Enter');
}

describe('a typed chat follows the visitor to the next page of the site', () => {
  const site = demoSiteFixture({ media: 'denied' });

  it('from /assistant to /: the lines again, and the visitor goes on typing', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Type instead' }).click();
      await typeAndSend(page, 'How much is the house?');
      await agreeToConsent(page);
      await expect.poll(() => loggedLines(page), { timeout: 15_000 }).toHaveLength(2);
      const before = await loggedLines(page);
      expect(before[0]).toBe('How much is the house?');

      await page.goto(`${site.server.url}/`);
      // No click: the chat is open again with both lines, and nothing is left in the tab.
      await expect.poll(() => loggedLines(page), { timeout: 10_000 }).toEqual(before);
      expect(await page.evaluate((key) => sessionStorage.getItem(key), LIVE_CONVERSATION_KEY)).toBe(
        null,
      );
      await typeAndSend(page, 'Is there parking?');
      await expect.poll(() => loggedLines(page), { timeout: 15_000 }).toHaveLength(4);
      expect((await loggedLines(page)).slice(0, 3)).toEqual([...before, 'Is there parking?']);
    });
  });
});
