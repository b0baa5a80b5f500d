import { afterEach, describe, expect, it } from 'vitest';
import type { WebCallCreator } from '../../widget/call/call-client.ts';
import { defineVoiceAssistant } from '../../widget/entries/define-element.ts';
import type { VoiceAssistantElement } from '../../widget/loader/voice-assistant-element.ts';
import { createFakeDaily, fakeMediaDevices, speakerParticipant } from '../helpers/fake-daily.ts';

/** The machine may be busy: polls wait up to 10 s (they return as soon as they pass). */
const WAIT = { timeout: 10_000 };

// The loader and the React UI together (React itself here; the shipped bundle's runtime is
// covered by the browser tests), driven through `callOptions` with the fake room.

defineVoiceAssistant();

function mount(attributes: Record<string, string>) {
  const el = document.createElement('voice-assistant') as VoiceAssistantElement;
  for (const [name, value] of Object.entries(attributes)) {
    el.setAttribute(name, value);
  }
  const daily = createFakeDaily({ present: [speakerParticipant()] });
  const media = fakeMediaDevices();
  const createWebCall: WebCallCreator = async () => ({
    id: 'c1',
    webCallUrl: 'https://x.daily.co/r',
  });
  el.callOptions = {
    transportFactory: daily.factory,
    createWebCall,
    mediaDevices: media.mediaDevices,
  };
  const events: string[] = [];
  el.addEventListener('voice-assistant:state-change', (event) => events.push(event.detail.state));
  document.body.append(el);
  const root = el.shadowRoot as ShadowRoot;
  const button = () => root.querySelector<HTMLButtonElement>('button.button');
  const label = () => button()?.textContent;
  return { el, root, daily, media, events, button, label };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the React UI behind the loader', () => {
  it('shows Connecting... at the click, before the UI code arrives, then carries the click out', async () => {
    const { el, root, events, button, label } = mount({ 'assistant-id': 'a', 'public-key': 'pk' });
    button()?.click();
    expect(label()).toBe('Connecting...');
    expect(button()?.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(label, WAIT).toBe('Stop');
    expect(root.querySelectorAll('.va')).toHaveLength(1);
    expect(root.querySelector('.ui .va')).not.toBeNull();
    expect(events).toEqual(['connecting', 'active']);
    await el.stop();
    await expect.poll(label, WAIT).toBe('Talk to Assistant');
    // "Call ended" once: in the call-length line, not again in the status line.
    expect(root.querySelector('.status')?.textContent).toBe('');
    expect(root.querySelector('.call-length')?.textContent).toMatch(/^Call ended · 0:\d\d$/);
    expect(events).toEqual(['connecting', 'active', 'idle']);
  });

  it('moves keyboard focus from the loader button to the UI button', async () => {
    const { root, button } = mount({ 'assistant-id': 'a', 'public-key': 'pk' });
    const first = button();
    first?.focus();
    expect(root.activeElement).toBe(first);
    first?.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    await expect.poll(() => root.querySelector('.ui button'), WAIT).not.toBeNull();
    expect(root.activeElement).toBe(button());
    expect(button()).not.toBe(first);
  });

  it('follows attribute changes after the UI took over, including new problems', async () => {
    const { el, root, label } = mount({ 'assistant-id': 'a', 'public-key': 'pk' });
    el.dispatchEvent(new PointerEvent('pointerover'));
    await expect.poll(() => root.querySelector('.ui button'), WAIT).not.toBeNull();
    el.setAttribute('label-idle', 'Ask us');
    await expect.poll(label, WAIT).toBe('Ask us');
    el.removeAttribute('label-idle');
    await expect.poll(label, WAIT).toBe('Talk to Assistant');
    el.removeAttribute('assistant-id');
    await expect
      .poll(() => root.querySelector('[role="alert"]')?.textContent, WAIT)
      .toContain('No assistant is set.');
  });

  it('floating: the launcher opens the panel and starts; Escape ends the call and returns focus', async () => {
    const { el, root, daily, events } = mount({
      'assistant-id': 'a',
      'public-key': 'pk',
      mode: 'floating',
    });
    const staticLauncher = root.querySelector<HTMLButtonElement>('[part~="launcher"]');
    staticLauncher?.focus();
    staticLauncher?.click();
    await expect.poll(() => root.querySelector('[role="dialog"]'), WAIT).not.toBeNull();
    await expect
      .poll(() => root.querySelector('.panel button.button')?.textContent, WAIT)
      .toBe('Stop');
    expect(root.querySelector('[role="dialog"]')?.getAttribute('aria-labelledby')).toBe(
      'va-panel-title',
    );
    expect(root.activeElement).toBe(root.querySelector('.panel button.button'));
    root.activeElement?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
    await expect.poll(() => root.querySelector('[role="dialog"]'), WAIT).toBeNull();
    await expect.poll(() => events.at(-1), WAIT).toBe('idle');
    expect(daily.room.state.destroyed).toBe(true);
    const launcher = root.querySelector('[part~="launcher"]');
    expect(launcher?.textContent).toBe('Talk to Assistant');
    expect(root.activeElement).toBe(launcher);
    expect(el.isConnected).toBe(true);
  });

  it('ends the call and releases the microphone when the element is removed', async () => {
    const { el, daily, media, label } = mount({ 'assistant-id': 'a', 'public-key': 'pk' });
    await el.start();
    await expect.poll(label, WAIT).toBe('Stop');
    el.remove();
    await expect.poll(() => daily.room.state.destroyed, WAIT).toBe(true);
    expect(media.allReleased()).toBe(true);
  });

  it('exposes mute and say on the element during a call', async () => {
    const { el, daily } = mount({ 'assistant-id': 'a', 'public-key': 'pk' });
    await el.start();
    el.setMuted(true);
    expect(el.isMuted()).toBe(true);
    el.say('Welcome');
    expect(JSON.parse(String(daily.room.sent.at(-1)))).toMatchObject({
      type: 'say',
      message: 'Welcome',
    });
    await el.stop();
    expect(() => el.isMuted()).toThrow('Call object is not available.');
  });
});
