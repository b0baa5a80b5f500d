import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  focusPlace,
  markedLineIndex,
  markLine,
  textCoveredByWidget,
  transcriptLines,
} from '../fixtures/widget/conversation-page.ts';
import { statusText, widgetServerOptions } from '../fixtures/widget/harness.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

/** The machine may be busy: polls wait up to 10 s (they return as soon as they pass). */
const WAIT = { timeout: 10_000 };

// The conversation view (docs/behaviour.md#widget) on the BUILT ES and UMD files, with the fake room driving
// the real call client: captions, who is speaking, mute, identity, the launcher and the sheet.

const env = browserFixture({ launch: { media: 'granted' }, serve: widgetServerOptions() });

function transcript(role: string, transcriptType: string, text: string, timestamp: number) {
  return { type: 'transcript', role, transcriptType, transcript: text, timestamp };
}

async function serverMessage(page: Page, message: object): Promise<void> {
  await page.evaluate((m) => window.fakeCall.serverMessage(m), message);
}

/**
 * Waits until the talk button's fade from Connecting... (dimmed) to Stop has finished: axe
 * measures colour contrast mid-fade otherwise.
 */
async function buttonSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...(document.getElementById('widget')?.shadowRoot?.querySelectorAll('.button') ?? [])].every(
      (button) => button.getAnimations().length === 0,
    ),
  );
}

async function startCall(page: Page, label = 'Talk to Assistant'): Promise<void> {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: 'Stop' }).waitFor(WAIT);
  await page.evaluate(() => window.fakeCall.listening());
}

describe.each([
  ['ES', 'conversation.html'],
  ['UMD', 'conversation-umd.html'],
])('conversation view, %s build', (_build, file) => {
  const url = (query: string) => `${env.server.url}/${file}?${query}`;

  it('captions: a partial line is replaced in place by its final line, both speakers in order, markup inert', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('mode=floating'));
      await startCall(page);
      const log = page.getByRole('log', { name: 'Transcript' });
      await serverMessage(page, transcript('assistant', 'partial', 'Hi, I am', 1000));
      await expect
        .poll(() => transcriptLines(page), WAIT)
        .toEqual([{ role: 'assistant', text: 'Hi, I am', partial: true }]);
      expect(await log.isVisible()).toBe(true);
      await markLine(page, 0);
      await serverMessage(page, transcript('assistant', 'final', 'Hi, I am Nora.', 1800));
      await expect
        .poll(() => transcriptLines(page), WAIT)
        .toEqual([{ role: 'assistant', text: 'Hi, I am Nora.', partial: false }]);
      expect(await markedLineIndex(page)).toBe(0);

      const markup = '<img src="/nope.png" onerror="window.pwned=1"><b>bold</b> & more';
      await serverMessage(page, transcript('user', 'final', markup, 3000));
      // A partial older than the assistant's final arrives late: it is dropped.
      await serverMessage(page, transcript('assistant', 'partial', 'Hi, I', 1200));
      await expect
        .poll(() => transcriptLines(page), WAIT)
        .toEqual([
          { role: 'assistant', text: 'Hi, I am Nora.', partial: false },
          { role: 'user', text: markup, partial: false },
        ]);
      const inert = await page.evaluate(() => {
        const logEl = document.getElementById('widget')?.shadowRoot?.querySelector('[role="log"]');
        return {
          elements: logEl?.querySelectorAll('img, b').length,
          pwned: 'pwned' in window,
        };
      });
      expect(inert).toEqual({ elements: 0, pwned: false });
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Stop' }).click();
      await expect
        .poll(() => page.getByText(/^Call ended · \d+:\d\d$/).isVisible(), WAIT)
        .toBe(true);
      // The transcript stays after the call, until the next one starts.
      expect((await transcriptLines(page)).length).toBe(2);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('says who is speaking, in words, from speech and the visitor’s transcripts', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('mode=inline&assistant-name=Nora'));
      await startCall(page, 'Talk to Nora');
      await expect.poll(() => statusText(page), WAIT).toBe('Connected. Start talking.');
      await page.evaluate(() => window.fakeCall.speak(0.5));
      await expect.poll(() => statusText(page), WAIT).toBe('Nora is speaking…');
      await page.evaluate(() => window.fakeCall.speak(0));
      await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe('Listening…');
      await serverMessage(page, transcript('user', 'partial', 'Is the house', Date.now()));
      await expect.poll(() => statusText(page), WAIT).toBe('You are speaking…');
      await serverMessage(page, transcript('user', 'final', 'Is the house free?', Date.now()));
      await expect.poll(() => statusText(page), WAIT).toBe('Listening…');
      // Inline shows the latest line under the button, clear of the wave.
      expect(await transcriptLines(page)).toEqual([
        { role: 'user', text: 'Is the house free?', partial: false },
      ]);
      const order = await page.evaluate(() => {
        const root = document.getElementById('widget')?.shadowRoot;
        const y = (selector: string) => root?.querySelector(selector)?.getBoundingClientRect().y;
        return [y('button.button'), y('.status'), y('[role="log"]')];
      });
      expect(order).toEqual([...(order as number[])].sort((a, b) => a - b));
    });
  });

  it('mutes: aria-pressed, local audio off, the status says so, and it survives a recovery', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('mode=fullscreen'));
      await startCall(page);
      const mute = page.getByRole('button', { name: 'Mute microphone' });
      expect(await mute.getAttribute('aria-pressed')).toBe('false');
      await mute.click();
      await expect.poll(() => mute.getAttribute('aria-pressed'), WAIT).toBe('true');
      expect(await page.evaluate(() => window.fakeCall.daily.room.state.localAudio)).toBe(false);
      expect(await statusText(page)).toBe('Microphone muted. Assistant can’t hear you.');
      expect(await axeViolations(page)).toEqual([]);

      // The noise-processing recovery turns local audio back on, except for a muted visitor.
      await page.evaluate(() =>
        window.fakeCall.daily.room.emit('nonfatal-error', {
          action: 'nonfatal-error',
          type: 'audio-processor-error',
          errorMsg: 'processor failed',
        } as never),
      );
      await page.waitForFunction(() =>
        window.fakeCall.daily.room.calls.includes('updateInputSettings'),
      );
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(await page.evaluate(() => window.fakeCall.daily.room.state.localAudio)).toBe(false);
      expect(await mute.getAttribute('aria-pressed')).toBe('true');

      await mute.press('Enter');
      await expect.poll(() => mute.getAttribute('aria-pressed'), WAIT).toBe('false');
      expect(await page.evaluate(() => window.fakeCall.daily.room.state.localAudio)).toBe(true);
    });
  });

  it('captions="off" hides the log', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('mode=floating&captions=off'));
      await startCall(page);
      await serverMessage(page, transcript('assistant', 'final', 'Hello there.', 1000));
      await page.evaluate(() => window.fakeCall.daily.room.calls.length); // a round trip
      await expect
        .poll(() =>
          page.evaluate(() =>
            window.fakeCall.events.some((e) => e.type === 'voice-assistant:message'),
          ),
        )
        .toBe(true);
      expect(await page.getByRole('log').count()).toBe(0);
      expect(await page.getByText('Hello there.').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Mute microphone' }).isVisible()).toBe(true);
    });
  });

  it('shows assistant-name and avatar, fetched only after intent; a broken avatar falls back to the initial', async () => {
    await withPage(env.browser, async (page) => {
      env.server.requests.length = 0;
      await page.goto(url('mode=floating&assistant-name=Nora&avatar=/avatar.svg'));
      const launcher = page.getByRole('button', { name: 'Talk to Nora' });
      await launcher.waitFor();
      expect(env.server.requests.includes('/avatar.svg')).toBe(false);
      await launcher.click();
      await page.getByRole('dialog', { name: 'Talk to Nora' }).waitFor(WAIT);
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const img = document
                .getElementById('widget')
                ?.shadowRoot?.querySelector<HTMLImageElement>('.panel .avatar img');
              return img?.complete === true && img.naturalWidth > 0;
            }),
          WAIT,
        )
        .toBe(true);
      await buttonSettled(page);
      expect(await axeViolations(page)).toEqual([]);
    });
    await withPage(
      env.browser,
      async (page) => {
        await page.goto(url('mode=floating&assistant-name=Nora&avatar=/missing-avatar.png'));
        await page.getByRole('button', { name: 'Talk to Nora' }).click();
        await page.getByRole('dialog', { name: 'Talk to Nora' }).waitFor(WAIT);
        const avatar = () =>
          page.evaluate(() => {
            const box = document
              .getElementById('widget')
              ?.shadowRoot?.querySelector('.panel .avatar');
            return { images: box?.querySelectorAll('img').length, text: box?.textContent };
          });
        await expect.poll(avatar, WAIT).toEqual({ images: 0, text: 'N' });
        expect(env.server.requests.includes('/missing-avatar.png')).toBe(true);
        // The broken image's own 404 is the only problem the page may report.
      },
      [/Failed to load resource: .*404 \(Not Found\)/],
    );
  });

  it('at 375 px: a round launcher covers no host text; the bottom sheet keeps focus and Escape closes it', async () => {
    await withPage(env.browser, async (page) => {
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(url('mode=floating&demo='));
      const launcher = page.getByRole('button', { name: 'Talk to Assistant', exact: true });
      await launcher.waitFor();
      const box = await launcher.boundingBox();
      expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([56, 56]);
      expect(await textCoveredByWidget(page)).toEqual([]);
      await launcher.hover(); // the UI takes over: still nothing covered
      await page.waitForFunction(
        () => document.getElementById('widget')?.shadowRoot?.querySelector('.ui') !== null,
      );
      expect(await textCoveredByWidget(page)).toEqual([]);

      await launcher.click();
      const sheet = page.getByRole('dialog', { name: 'Talk to Assistant' });
      await sheet.waitFor(WAIT);
      expect(await sheet.getAttribute('aria-modal')).toBe('true');
      const sheetBox = await sheet.boundingBox();
      expect(sheetBox && [sheetBox.x, Math.round(sheetBox.width)]).toEqual([0, 375]);
      expect(sheetBox && Math.round(sheetBox.y + sheetBox.height)).toBe(667);
      await page.getByRole('button', { name: 'Stop' }).waitFor(WAIT);
      for (let i = 0; i < 6; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusPlace(page)).toBe('panel');
      }
      for (let i = 0; i < 6; i += 1) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusPlace(page)).toBe('panel');
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
      expect(await focusPlace(page)).toBe('widget');
    });
  });

  it('at 375 px: Type instead sits beside the round launcher in idle and opens the text box', async () => {
    await withPage(env.browser, async (page) => {
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(url('mode=floating&demo='));
      const launcher = page.getByRole('button', { name: 'Talk to Assistant', exact: true });
      await launcher.hover();
      const typeInstead = page.getByRole('button', { name: 'Type instead' });
      // The loader draws it too; measure once the UI has taken over (the same box).
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                !!document.getElementById('widget')?.shadowRoot?.querySelector('.ui .type-instead'),
            ),
          WAIT,
        )
        .toBe(true);
      const [own, talk] = [await typeInstead.boundingBox(), await launcher.boundingBox()];
      // A 44 px target on the launcher's line, left of it, not on it.
      expect(own && [Math.round(own.width), Math.round(own.height)]).toEqual([44, 44]);
      expect(own && talk && own.x + own.width <= talk.x).toBe(true);
      expect(own && talk && Math.round(own.y + own.height / 2)).toBe(
        talk && Math.round(talk.y + talk.height / 2),
      );
      expect(await textCoveredByWidget(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await typeInstead.click();
      const field = page.getByRole('textbox', { name: 'Message' });
      await field.waitFor(WAIT);
      await expect.poll(() => field.evaluate((el) => el.matches(':focus'))).toBe(true);
      // Typing opened no call: the microphone was never asked for.
      expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    });
  });
});

describe('axe is clean in every state of every mode', () => {
  it.each(['inline', 'fullscreen', 'floating'])(
    '%s: idle, connecting, active, muted, ended, error',
    async (mode) => {
      await withPage(env.browser, async (page) => {
        await page.goto(`${env.server.url}/conversation.html?mode=${mode}`);
        const talk = page.getByRole('button', { name: 'Talk to Assistant', exact: true });
        await talk.waitFor();
        const states: Record<string, string[]> = {};
        states.idle = await axeViolations(page);

        await page.evaluate(() => window.fakeCall.setJoin({ kind: 'hang' }));
        await talk.click();
        await page.getByRole('button', { name: 'Connecting...' }).waitFor(WAIT);
        states.connecting = await axeViolations(page);
        await page.waitForFunction(() =>
          window.fakeCall.daily.rooms.at(-1)?.calls.includes('join'),
        );
        await page.evaluate(() => window.fakeCall.daily.room.finishJoin());
        await page.getByRole('button', { name: 'Stop' }).waitFor(WAIT);
        await page.evaluate(() => window.fakeCall.setJoin({ kind: 'resolve' }));
        await page.evaluate(() => window.fakeCall.listening());
        await serverMessage(page, transcript('assistant', 'partial', 'Hello', Date.now()));
        await serverMessage(page, transcript('user', 'final', 'Hi!', Date.now() + 1));
        await buttonSettled(page);
        states.active = await axeViolations(page);

        await page.getByRole('button', { name: 'Mute microphone' }).click();
        await expect.poll(() => statusText(page), WAIT).toMatch(/^Microphone muted/);
        states.muted = await axeViolations(page);

        await page.getByRole('button', { name: 'Stop' }).click();
        await expect.poll(() => page.getByText(/^Call ended · /).count(), WAIT).toBe(1);
        states.ended = await axeViolations(page);

        await page.evaluate(() => window.fakeCall.failWebCall('HTTP 500 Internal Server Error'));
        const again =
          mode === 'floating'
            ? page.getByRole('dialog').getByRole('button', { name: 'Talk to Assistant' })
            : talk;
        await again.click();
        await expect
          .poll(() => statusText(page), WAIT)
          .toMatch(/^The assistant could not be reached/);
        states.error = await axeViolations(page);

        expect(states).toEqual({
          idle: [],
          connecting: [],
          active: [],
          muted: [],
          ended: [],
          error: [],
        });
      });
    },
  );
});
