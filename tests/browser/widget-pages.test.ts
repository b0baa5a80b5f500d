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

// Host-page situations: several instances, an element added late, hostile host CSS, the
// full-screen and floating modes, keyboard-only use and a denied microphone.

const env = browserFixture({ launch: { media: 'granted' }, serve: widgetServerOptions() });

describe('host pages', () => {
  it('runs two instances side by side, each with its own call and events', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/modes.html`);
      await page.getByRole('button', { name: 'Ask about listings' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      expect(await talkLabel(page, 'floating')).toBe('Talk to Assistant');
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Ask about listings' }).waitFor();
      const sources = await page.evaluate(() => window.fakeCall.events.map((e) => e.from));
      expect(new Set(sources)).toEqual(new Set(['inline']));

      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('dialog', { name: 'Talk to Assistant' }).waitFor();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      expect(await talkLabel(page, 'inline')).toBe('Ask about listings');
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('upgrades an element added after load, including one configured before it was added', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/late.html`);
      await page.waitForFunction(() => customElements.get('voice-assistant') !== undefined);
      await page.evaluate(() => {
        const el = document.createElement('voice-assistant');
        el.id = 'widget';
        el.setAttribute('assistant-id', 'asst_late');
        el.setAttribute('public-key', 'pk_fixture');
        window.fakeCall.attach(el);
        document.querySelector('main')?.append(el);
      });
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
    });
  });

  it('shows a visible, accessible message when no call is possible; a bad optional attribute only warns', async () => {
    await withPage(env.browser, async (page) => {
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning') {
          warnings.push(msg.text());
        }
      });
      await page.goto(`${env.server.url}/late.html`);
      await page.waitForFunction(() => customElements.get('voice-assistant') !== undefined);
      await page.evaluate(() => {
        const el = document.createElement('voice-assistant');
        el.setAttribute('assistant-overrides', '{not json');
        document.querySelector('main')?.append(el);
      });
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.isVisible()).toBe(true);
      expect(await alert.textContent()).toBe(
        'No assistant is set. Add assistant-id="…" (or squad-id / workflow-id) to <voice-assistant>.',
      );
      expect(warnings).toEqual([
        '<voice-assistant> ignores assistant-overrides="{not json": write a JSON object.',
      ]);
      expect(await page.getByRole('button').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('keeps its look and works under hostile host CSS, and does not style the host', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/hostile.html`);
      const talk = page.getByRole('button', { name: 'Talk to Assistant' });
      await talk.waitFor();
      expect(await talk.isVisible()).toBe(true);
      const look = await page.evaluate(() => {
        const button = document.getElementById('widget')?.shadowRoot?.querySelector('button');
        const style = button ? getComputedStyle(button) : null;
        const host = document.querySelector<HTMLElement>('button.container');
        return {
          background: style?.backgroundColor,
          fontSize: style?.fontSize,
          transform: style?.textTransform,
          letterSpacing: style?.letterSpacing,
          hostButtonHidden: host ? getComputedStyle(host).display : null,
        };
      });
      expect(look).toEqual({
        background: 'rgb(29, 78, 216)',
        fontSize: '16px',
        transform: 'none',
        letterSpacing: 'normal',
        hostButtonHidden: 'none',
      });
      await talk.click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
    });
  });

  it('fullscreen: a black page with one centred button over the wave canvas', async () => {
    await withPage(env.browser, async (page) => {
      await page.setViewportSize({ width: 1000, height: 700 });
      await page.goto(`${env.server.url}/fullscreen.html`);
      const talk = page.getByRole('button', { name: 'Talk to Assistant' });
      await talk.waitFor();
      const layout = await page.evaluate(() => {
        const root = document.getElementById('widget')?.shadowRoot;
        const box = root?.querySelector('.va') as HTMLElement;
        const canvas = root?.querySelector('canvas')?.getBoundingClientRect();
        const button = root?.querySelector('button')?.getBoundingClientRect();
        return {
          background: getComputedStyle(box).backgroundColor,
          canvas: canvas && [canvas.width, canvas.height],
          centre: button && [button.x + button.width / 2, button.y + button.height / 2],
        };
      });
      expect(layout.background).toBe('rgb(0, 0, 0)');
      expect(layout.canvas).toEqual([1000, 700]);
      expect(layout.centre?.[0]).toBeCloseTo(500, 0);
      expect(layout.centre?.[1]).toBeCloseTo(350, 0);
      await talk.click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('works with the keyboard alone: Tab, Enter, Space, and Escape closes the floating panel', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/modes.html`);
      await page.getByRole('button', { name: 'Ask about listings' }).waitFor();
      await page.keyboard.press('Tab');
      const focused = () =>
        page.evaluate(() => {
          const host = document.activeElement;
          const inner = host?.shadowRoot?.activeElement;
          return `${host?.id} ${inner?.textContent ?? ''}`;
        });
      expect(await focused()).toBe('inline Ask about listings');
      const ring = await page.evaluate(() => {
        const b = document.getElementById('inline')?.shadowRoot?.activeElement;
        return b ? getComputedStyle(b).outlineStyle : null;
      });
      expect(ring).toBe('solid');
      await page.keyboard.press('Enter');
      await expect.poll(focused, WAIT).toBe('inline Stop');
      await page.keyboard.press('Space');
      await expect.poll(focused, WAIT).toBe('inline Ask about listings');

      // `Type instead` sits right after the talk button (docs/behaviour.md#chat).
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('inline Type instead');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('floating Talk to Assistant');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Talk to Assistant' }).waitFor();
      await expect.poll(focused, WAIT).toBe('floating Stop');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
      expect(await focused()).toBe('floating Talk to Assistant');
      const last = (await recordedEvents(page)).filter((e) => e.includes('state-change')).at(-1);
      expect(last).toBe('voice-assistant:state-change {"state":"idle"}');
    });
  });
});

describe('denied microphone', () => {
  // The page comes from the file's server; only the browser differs.
  const denied = browserFixture({ launch: { media: 'denied' } });

  it('returns to idle and names the browser setting to change', async () => {
    await withPage(denied.browser, async (page) => {
      await page.goto(`${env.server.url}/esm.html`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await expect
        .poll(() => statusText(page), WAIT)
        .toBe(
          'Microphone access is blocked. In Chrome, click the site-settings icon at the left of the address bar and set Microphone to Allow, then press “Talk to Assistant” again.',
        );
      expect(await talkLabel(page)).toBe('Talk to Assistant');
      expect(await page.evaluate(() => window.fakeCall.webCalls)).toBe(0);
      const events = await recordedEvents(page);
      expect(events.at(-1)).toMatch(/^voice-assistant:error \{"code":"microphone-denied"/);
    });
  });
});
