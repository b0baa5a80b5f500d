import { describe, expect, it } from 'vitest';
import { CLIPS, SCRIPT } from '../../widget/demo/script.ts';
import {
  agreeToConsent,
  audioContextStates,
  callElement,
  DEMO_PATH,
  demoSiteFixture,
  microphoneStates,
  openDemoPage,
  type RecordedEvent,
  recordedEvents,
  VISITOR_SPEECH_WAV,
  waitForEvent,
  waveSnapshot,
} from '../fixtures/demo/demo-page.ts';
import { withPage } from '../helpers/chromium.ts';

function isTranscript(event: RecordedEvent, role: string, type?: string): boolean {
  const detail = event.detail as { type?: string; role?: string; transcriptType?: string } | null;
  return (
    event.name === 'message' &&
    detail?.type === 'transcript' &&
    detail.role === role &&
    (type === undefined || detail.transcriptType === type)
  );
}

function transcriptText(event: RecordedEvent | undefined): string | undefined {
  return (event?.detail as { transcript?: string } | null)?.transcript;
}

describe('offline demo call on /assistant (fake microphone granted)', () => {
  const site = demoSiteFixture({ media: 'granted' });

  it('talks: Connecting... then Stop, events in order, then Stop returns to Talk with the mic released', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await expect.poll(() => page.getByText('Demo assistant (offline)').isVisible()).toBe(true);

      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      const connecting = page.getByRole('button', { name: 'Connecting...' });
      await connecting.waitFor({ timeout: 2000 });
      expect(await connecting.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 10_000 });

      await waitForEvent(page, 'speech-end');
      const events = await recordedEvents(page);
      const first = (test: (e: RecordedEvent) => boolean) => events.findIndex(test);
      const order = [
        first((e) => e.name === 'state-change'),
        first((e) => e.name === 'call-start'),
        first((e) => e.name === 'speech-start'),
        first((e) => isTranscript(e, 'assistant')),
        first((e) => e.name === 'speech-end'),
      ];
      expect(order.every((index) => index >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(events[0]?.detail).toEqual({ state: 'connecting' });
      const greeting = events.find((e) => isTranscript(e, 'assistant', 'final'));
      expect(transcriptText(greeting)).toBe(CLIPS.greeting.text);
      expect(await microphoneStates(page)).toEqual(['live']);
      expect(await audioContextStates(page)).toContain('running');

      await page.getByRole('button', { name: 'Stop' }).click();
      await page
        .locator('voice-assistant')
        .getByRole('button', { name: 'Talk to Nora' })
        .waitFor({ timeout: 5000 });
      await waitForEvent(page, 'call-end');
      expect(await microphoneStates(page)).toEqual(['ended']);
      // Every AudioContext the demo opened is closed (close() resolves just after call-end).
      await expect
        .poll(async () => [...new Set(await audioContextStates(page))])
        .toEqual(['closed']);
      expect(await page.evaluate(() => document.querySelectorAll('audio').length)).toBe(0);
      const states = (await recordedEvents(page))
        .filter((e) => e.name === 'state-change')
        .map((e) => (e.detail as { state: string }).state);
      expect(states).toEqual(['connecting', 'active', 'idle']);
      // The voice came from the demo's own files, and nothing went to the platform.
      expect(site.server.requests.some((path) => path.endsWith('.webm'))).toBe(true);
    });
  });

  it('draws a moving wave while the assistant speaks and a still one while idle', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      const idleBefore = await waveSnapshot(page);
      await page.waitForTimeout(300);
      expect(await waveSnapshot(page)).toBe(idleBefore);

      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await waitForEvent(page, 'speech-start');
      const frames: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        frames.push(await waveSnapshot(page));
        await page.waitForTimeout(120);
      }
      expect(new Set(frames).size).toBeGreaterThan(1);

      await page.getByRole('button', { name: 'Stop' }).click();
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).waitFor();
      await page.waitForTimeout(200);
      const idleAfter = await waveSnapshot(page);
      await page.waitForTimeout(300);
      expect(await waveSnapshot(page)).toBe(idleAfter);
    });
  });

  it('also talks from the landing page’s floating launcher', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}/`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await page.getByRole('dialog', { name: 'Talk to Nora' }).waitFor();
      await waitForEvent(page, 'speech-start');
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).waitFor();
      await waitForEvent(page, 'call-end');
      expect(await microphoneStates(page)).toEqual(['ended']);
    });
  });

  it('answers say(): the said text in the transcript, then ends the call when asked', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await waitForEvent(page, 'call-start');
      const text = 'Our open house is this Sunday from noon to three.';
      await callElement(page, 'say', text, true);
      await waitForEvent(page, 'message', { type: 'transcript', transcript: text }, 30_000);
      await waitForEvent(page, 'message', {
        type: 'status-update',
        endedReason: 'assistant-ended-call-after-message-spoken',
      });
      await page
        .locator('voice-assistant')
        .getByRole('button', { name: 'Talk to Nora' })
        .waitFor({ timeout: 5000 });
      const events = await recordedEvents(page);
      expect(events.at(-1)?.name).toBe('call-end');
      expect(events.some((e) => e.name === 'error')).toBe(false);
      expect(await microphoneStates(page)).toEqual(['ended']);
    });
  });
});

describe('offline demo call with a visitor who speaks (fake microphone playing a voice)', () => {
  const site = demoSiteFixture({
    media: 'granted',
    args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`],
  });

  it('does not answer a muted visitor, and answers with the listing once unmuted', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await waitForEvent(page, 'call-start');
      await callElement(page, 'setMuted', true);
      expect(await callElement(page, 'isMuted')).toBe(true);

      // The greeting, then more than one loop of the visitor's recording (6.6 s): not heard.
      await waitForEvent(page, 'message', { type: 'transcript', transcriptType: 'final' });
      await page.waitForTimeout(8000);
      let events = await recordedEvents(page);
      expect(events.some((e) => isTranscript(e, 'user'))).toBe(false);

      await callElement(page, 'setMuted', false);
      expect(await callElement(page, 'isMuted')).toBe(false);
      await waitForEvent(page, 'message', { role: 'user', transcriptType: 'final' }, 20_000);
      await waitForEvent(page, 'message', { role: 'assistant', transcriptType: 'partial' });
      events = await recordedEvents(page);
      const visitor = events.find((e) => isTranscript(e, 'user', 'final'));
      expect(transcriptText(visitor)).toBe(SCRIPT[0]?.visitorLine);
      await page.waitForFunction(
        (listing) =>
          window.__demo.events.some(
            (e) => (e.detail as { transcript?: string } | null)?.transcript === listing,
          ),
        CLIPS.listing.text,
        { timeout: 20_000 },
      );

      await page.getByRole('button', { name: 'Stop' }).click();
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).waitFor();
      expect(await microphoneStates(page)).toEqual(['ended']);
    });
  });
});

describe('offline demo call with the microphone denied', () => {
  const site = demoSiteFixture({ media: 'denied' });

  it('shows what to change, returns to idle, and never loads the demo voice', async () => {
    await withPage(site.browser, async (page) => {
      await openDemoPage(page, `${site.server.url}${DEMO_PATH}`);
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
      await agreeToConsent(page);
      await waitForEvent(page, 'error', { code: 'microphone-denied' });
      await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).waitFor();
      await expect
        .poll(() => page.getByText(/Microphone access is blocked/).isVisible())
        .toBe(true);
      const states = (await recordedEvents(page))
        .filter((e) => e.name === 'state-change')
        .map((e) => (e.detail as { state: string }).state);
      expect(states).toEqual(['connecting', 'idle']);
      expect(site.server.requests.some((path) => path.endsWith('.webm'))).toBe(false);
    });
  });
});
