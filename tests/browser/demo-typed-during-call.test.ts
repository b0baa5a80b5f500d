import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_CHAT_START, demoReply } from '../../widget/demo/chat-replies.ts';
import { CLIPS, SCRIPT } from '../../widget/demo/script.ts';
import {
  agreeToConsent,
  demoSiteFixture,
  openDemoPage,
  VISITOR_SPEECH_WAV,
} from '../fixtures/demo/demo-page.ts';
import { finalLines, transcriptLines } from '../fixtures/widget/conversation-page.ts';
import { withPage } from '../helpers/chromium.ts';

// docs/behaviour.md#chat, a question typed during a demo call is answered: on the built site, with a
// fake microphone that keeps talking, a question typed during the offline demo call pauses the
// script; the assistant answers it (the typed chat's reply) and only then does the script go on.

const LONG = { timeout: 30_000 };

const site = demoSiteFixture({
  media: 'granted',
  args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`],
});

const finals = (page: Page) => finalLines(page);
const question = 'Is there parking?';
const answer = demoReply(question, DEMO_CHAT_START).reply;

/** Starts the demo call on / and opens its Message box; returns the box. */
async function callWithKeyboard(page: Page): Promise<Locator> {
  await openDemoPage(page, `${site.server.url}/`);
  await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
  await agreeToConsent(page);
  await page.getByRole('button', { name: 'Type instead' }).click();
  return page.locator('voice-assistant').getByRole('textbox', { name: 'Message' });
}

describe('a question typed during the demo call', () => {
  it('is answered before the script goes on, and the script then resumes', async () => {
    await withPage(site.browser, async (page) => {
      const field = await callWithKeyboard(page);
      await expect.poll(() => finals(page), LONG).toEqual([`assistant: ${CLIPS.greeting.text}`]);
      // The visitor types while the script waits for their answer (the microphone keeps talking).
      await field.fill(question);
      await field.press('Enter');
      await expect
        .poll(async () => (await finals(page)).includes(`assistant: ${answer}`), LONG)
        .toBe(true);
      const atAnswer = await finals(page);
      expect(atAnswer.slice(atAnswer.indexOf(`user: ${question}`))).toEqual([
        `user: ${question}`,
        `assistant: ${answer}`,
      ]);
      // No line of the script was shown while the question waited for its answer.
      expect((await transcriptLines(page)).filter((line) => line.partial)).toEqual([]);
      // Then the script resumes where it paused.
      await expect
        .poll(async () => (await finals(page)).slice(-2), { timeout: 60_000 })
        .toEqual([`sample-visitor: ${SCRIPT[0]?.visitorLine}`, `assistant: ${CLIPS.listing.text}`]);
      await page.getByRole('button', { name: 'Stop' }).click();
    });
  });

  it('while the visitor is speaking: their turn ends, the question is answered, then the script answers them', async () => {
    await withPage(site.browser, async (page) => {
      const field = await callWithKeyboard(page);
      await field.fill(question);
      // The visitor's spoken turn has begun (its partial line shows) when they send the question.
      await expect
        .poll(
          async () => (await transcriptLines(page)).some((l) => l.role === 'sample-visitor'),
          LONG,
        )
        .toBe(true);
      await field.press('Enter');
      await expect
        .poll(async () => (await finals(page)).slice(-2), LONG)
        .toEqual([`user: ${question}`, `assistant: ${answer}`]);
      expect(await transcriptLines(page)).toEqual(
        [
          `assistant: ${CLIPS.greeting.text}`,
          `sample-visitor: ${SCRIPT[0]?.visitorLine}`,
          `user: ${question}`,
          `assistant: ${answer}`,
        ].map((line) =>
          expect.objectContaining({ text: line.slice(line.indexOf(': ') + 2), partial: false }),
        ),
      );
      // The script answers the visitor's spoken turn next, without waiting for another one.
      await expect
        .poll(async () => (await finals(page)).slice(4), LONG)
        .toEqual([`assistant: ${CLIPS.listing.text}`]);
      await page.getByRole('button', { name: 'Stop' }).click();
    });
  });
});
