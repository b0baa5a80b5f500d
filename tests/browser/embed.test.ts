import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  recordedEvents,
  statusText,
  talkLabel,
  widgetServerOptions,
} from '../fixtures/widget/harness.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

/** The machine may be busy: polls wait up to 10 s (they return as soon as they pass). */
const WAIT = { timeout: 10_000 };

// The shipped files as a host page uses them: the ES module loader and the UMD file, each on a
// plain HTML page, driven by role and name with a fake microphone and the fake room.

const env = browserFixture({
  launch: { media: 'granted', args: ['--autoplay-policy=no-user-gesture-required'] },
  serve: widgetServerOptions(),
});

async function globalsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window));
}

async function blankGlobals(): Promise<string[]> {
  return withPage(env.browser, async (page) => {
    await page.goto(`${env.server.url}/blank.html`);
    return globalsOf(page);
  });
}

describe.each([
  { page: 'esm.html', globals: ['fakeCall'] },
  { page: 'umd.html', globals: ['VoiceAssistant', 'fakeCall'] },
])('$page', ({ page: file, globals }) => {
  it('defines <voice-assistant> and exposes nothing else', async () => {
    const blank = await blankGlobals();
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/${file}`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
      const defined = await page.evaluate(() => {
        const el = document.getElementById('widget');
        const ctor = customElements.get('voice-assistant');
        return {
          upgraded: ctor !== undefined && el instanceof ctor,
          version: (ctor as unknown as { version: string } | undefined)?.version,
          shadow: !!el?.shadowRoot,
        };
      });
      expect(defined).toEqual({ upgraded: true, version: '0.1.0', shadow: true });
      const added = (await globalsOf(page)).filter((key) => !blank.includes(key));
      expect(added.sort()).toEqual(globals);
      if (file === 'umd.html') {
        const api = await page.evaluate(() =>
          Object.keys((window as unknown as { VoiceAssistant: object }).VoiceAssistant).sort(),
        );
        // The element's public surface (widget/entries/element.ts), nothing internal.
        expect(api).toEqual([
          'ATTRIBUTES',
          'VoiceAssistantElement',
          'VoiceAssistantError',
          'defineVoiceAssistant',
        ]);
      }
    });
  });

  it('goes Talk → Connecting... → Stop → Talk over a call, with events in order', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/${file}`);
      await page.evaluate(() => window.fakeCall.setJoin({ kind: 'resolve', delayMs: 400 }));
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      const connecting = page.getByRole('button', { name: 'Connecting...' });
      await connecting.waitFor();
      expect(await connecting.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await page.evaluate(() => {
        window.fakeCall.listening();
        window.fakeCall.serverMessage({
          type: 'transcript',
          role: 'assistant',
          transcript: 'Hello',
        });
      });
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
      // "Call ended" once: the transcript's call-length line says it, the status line does not.
      expect(await statusText(page)).toBe('');
      expect(await page.getByText(/Call ended/).allInnerTexts()).toEqual([
        expect.stringMatching(/^Call ended · \d+:\d\d$/),
      ]);
      expect(await recordedEvents(page)).toEqual([
        'voice-assistant:state-change {"state":"connecting"}',
        'voice-assistant:state-change {"state":"active"}',
        'voice-assistant:call-start',
        'voice-assistant:message {"type":"transcript","role":"assistant","transcript":"Hello"}',
        'voice-assistant:state-change {"state":"idle"}',
        'voice-assistant:message {"type":"status-update","status":"ended","endedReason":"customer-ended-call"}',
        'voice-assistant:call-end',
      ]);
    });
  });

  it('returns to idle with a visible message when the call fails', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/${file}`);
      await page.evaluate(() => window.fakeCall.failWebCall('HTTP 500 Internal Server Error'));
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await expect
        .poll(() => statusText(page), WAIT)
        .toMatch(/^The assistant could not be reached/);
      expect(await talkLabel(page)).toBe('Talk to Assistant');
      const status = page.getByRole('status');
      expect(await status.isVisible()).toBe(true);
      const events = await recordedEvents(page);
      expect(events.at(-1)).toMatch(/^voice-assistant:error \{"code":"web-call-creation-error"/);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});

describe.each(['demo.html', 'demo-umd.html'])('demo mode, %s', (file) => {
  it('runs the offline demo assistant with its badge, voice clips fetched beside the script', async () => {
    await withPage(env.browser, async (page) => {
      env.server.requests.length = 0;
      await page.goto(`${env.server.url}/${file}`);
      expect(await page.getByText('Demo assistant (offline)').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 15_000 });
      await expect
        .poll(() => env.server.requests.filter((p) => p.endsWith('.webm')).length, WAIT)
        .toBeGreaterThan(0);
      const clips = env.server.requests.filter((p) => p.endsWith('.webm'));
      expect(clips.every((p) => p.startsWith('/widget/assets/'))).toBe(true);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
    });
  });
});
