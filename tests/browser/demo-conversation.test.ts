import { describe, expect, it } from 'vitest';
import { CLIPS, SCRIPT } from '../../widget/demo/script.ts';
import {
  agreeToConsent,
  DEMO_PATH,
  demoSiteFixture,
  openDemoPage,
  VISITOR_SPEECH_WAV,
  waitForEvent,
} from '../fixtures/demo/demo-page.ts';
import {
  finalLines,
  markedLineIndex,
  markLine,
  speakerLabels,
  transcriptLines,
} from '../fixtures/widget/conversation-page.ts';
import { axeViolations } from '../helpers/axe.ts';
import { withPage } from '../helpers/chromium.ts';

// The offline demo assistant on the built site (docs/demo.md): its transcript messages drive
// the conversation view exactly as a real call's would.

const LONG = { timeout: 30_000 };

const site = demoSiteFixture({
  media: 'granted',
  args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`],
});

const finals = (page: Parameters<typeof finalLines>[0]) => finalLines(page);

describe('the demo conversation in the Transcript log', () => {
  it('on / (floating panel): the words in order, the first partial line replaced by its final line', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}/`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await page.getByRole('log', { name: 'Transcript' }).waitFor(LONG);
      await expect
        .poll(() => transcriptLines(page), LONG)
        .toEqual([expect.objectContaining({ role: 'assistant', partial: true })]);
      const [partial] = await transcriptLines(page);
      expect(CLIPS.greeting.text.startsWith(partial?.text ?? '-')).toBe(true);
      expect(partial?.text).not.toBe(CLIPS.greeting.text);
      await markLine(page, 0);
      await expect.poll(() => finals(page), LONG).toEqual([`assistant: ${CLIPS.greeting.text}`]);
      expect(await markedLineIndex(page)).toBe(0);

      await expect
        .poll(async () => (await finals(page)).slice(0, 3), { timeout: 60_000 })
        .toEqual([
          `assistant: ${CLIPS.greeting.text}`,
          `sample-visitor: ${SCRIPT[0]?.visitorLine}`,
          `assistant: ${CLIPS.listing.text}`,
        ]);
      // The demo cannot hear words: the scripted line is a sample visitor's, never "You".
      expect((await speakerLabels(page)).slice(0, 3)).toEqual(['Nora', 'Sample visitor', 'Nora']);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect.poll(() => page.getByText(/^Call ended · 0:\d\d$/).isVisible(), LONG).toBe(true);
    });
  });

  it('on /assistant: subtitles of the last two lines, and Mute turns the microphone track off', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await waitForEvent(page, 'message', { role: 'user', transcriptType: 'final' }, 60_000);
      await expect
        .poll(() => finals(page), LONG)
        .toEqual([
          `assistant: ${CLIPS.greeting.text}`,
          `sample-visitor: ${SCRIPT[0]?.visitorLine}`,
        ]);
      await expect.poll(async () => (await transcriptLines(page)).length, LONG).toBe(2);

      const mute = page.getByRole('button', { name: 'Mute microphone' });
      await mute.click();
      await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('true');
      const tracks = () =>
        page.evaluate(() =>
          window.__demo.tracks.filter((t) => t.kind === 'audio').map((t) => t.enabled),
        );
      await expect.poll(tracks).toEqual([false]);
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toBe('Microphone muted. Nora can’t hear you.');
      expect(await axeViolations(page)).toEqual([]);
      await mute.click();
      await expect.poll(tracks).toEqual([true]);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).waitFor();
    });
  });
});
