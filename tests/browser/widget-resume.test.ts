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
// a demo call started on /assistant goes on when the visitor follows a link to /.

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
