import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoiceAssistantError } from '../../widget/element/voice-assistant-error.ts';
import { defineVoiceAssistant } from '../../widget/entries/define-element.ts';
import { VoiceAssistantElement } from '../../widget/loader/voice-assistant-element.ts';

// The loader element alone, before the visitor shows intent: nothing here loads the UI chunk.

defineVoiceAssistant();

/** Words of a problem come with the UI chunk, imported (and transformed) on first use. */
const WAIT = { timeout: 10_000 };

function mount(attributes: Record<string, string>, tag = 'voice-assistant'): VoiceAssistantElement {
  const el = document.createElement(tag) as VoiceAssistantElement;
  for (const [name, value] of Object.entries(attributes)) {
    el.setAttribute(name, value);
  }
  document.body.append(el);
  return el;
}

function shadow(el: Element): ShadowRoot {
  if (!el.shadowRoot) {
    throw new Error('no shadow root');
  }
  return el.shadowRoot;
}

function button(el: Element): HTMLButtonElement | null {
  return shadow(el).querySelector('button');
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('defineVoiceAssistant', () => {
  it('registers <voice-assistant> once; a second call is a no-op', () => {
    const defined = customElements.get('voice-assistant');
    expect(defined?.prototype).toBeInstanceOf(VoiceAssistantElement);
    defineVoiceAssistant();
    expect(customElements.get('voice-assistant')).toBe(defined);
    expect(document.createElement('voice-assistant')).toBeInstanceOf(VoiceAssistantElement);
  });

  it('registers under another tag too', () => {
    defineVoiceAssistant('brokerage-assistant');
    const el = mount({ 'assistant-id': 'a' }, 'brokerage-assistant');
    expect(el).toBeInstanceOf(VoiceAssistantElement);
    expect(button(el)?.textContent).toBe('Talk to Assistant');
  });

  it('keeps another version already registered, with one warning naming both', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    class Older extends HTMLElement {
      static version = '0.0.1';
    }
    customElements.define('old-assistant', Older);
    defineVoiceAssistant('old-assistant');
    expect(customElements.get('old-assistant')).toBe(Older);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      `<old-assistant> is already defined by version 0.0.1; version ${VoiceAssistantElement.version}`,
    );
  });
});

describe('before intent', () => {
  it('draws the real idle button in shadow DOM with one adopted stylesheet', () => {
    const el = mount({ 'assistant-id': 'a', 'public-key': 'pk' });
    const root = shadow(el);
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(root.querySelector('style')).toBeNull();
    expect(root.querySelector('[style]')).toBeNull();
    const talk = button(el);
    expect(talk?.textContent).toBe('Talk to Assistant');
    expect(talk?.getAttribute('part')).toBe('button');
    expect(talk?.type).toBe('button');
    expect(root.querySelector('canvas')?.getAttribute('part')).toBe('wave');
    expect(root.querySelector('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(root.querySelector('.badge')).toBeNull();
  });

  it('says what is wrong in the element’s language (lang="es", then <html lang="de">)', async () => {
    const spanish = mount({ lang: 'es', 'assistant-id': 'a', 'squad-id': 's' });
    await expect
      .poll(() => shadow(spanish).querySelector('[role="alert"]')?.textContent, WAIT)
      .toBe('Usa solo uno de assistant-id, squad-id o workflow-id (hay assistant-id, squad-id).');
    document.documentElement.lang = 'de';
    try {
      const german = mount({ chat: 'maybe' });
      await expect
        .poll(() => shadow(german).querySelector('[role="alert"]')?.textContent, WAIT)
        .toMatch(/^Es ist kein Assistent festgelegt/);
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('shares one stylesheet between instances', () => {
    const a = mount({ 'assistant-id': 'a' });
    const b = mount({ 'assistant-id': 'b' });
    expect(shadow(a).adoptedStyleSheets[0]).toBe(shadow(b).adoptedStyleSheets[0]);
  });

  it('shows a visible message instead of a button when no call is possible', async () => {
    const el = mount({ mode: 'popup' });
    expect(button(el)).toBeNull();
    await expect
      .poll(() => shadow(el).querySelector('[role="alert"]')?.textContent, WAIT)
      .toBe(
        'No assistant is set. Add assistant-id="…" (or squad-id / workflow-id) to <voice-assistant>.',
      );
    // The UI took over to word the problem; it follows the fixed attributes.
    el.setAttribute('assistant-id', 'a');
    el.setAttribute('mode', 'fullscreen');
    await expect.poll(() => shadow(el).querySelector('[role="alert"]'), WAIT).toBeNull();
    await expect
      .poll(() => shadow(el).querySelector('.ui .va')?.className, WAIT)
      .toBe('va va--fullscreen');
  });

  it('draws the widget with the default for a bad optional attribute, warning once per attribute', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const el = mount({
      'assistant-id': 'a',
      captions: 'maybe',
      position: 'top',
      lang: 'xx',
      mode: 'popup',
      'consent-url': 'privacy.html',
    });
    expect(button(el)?.textContent).toBe('Talk to Assistant');
    expect(shadow(el).querySelector('[role="alert"]')).toBeNull();
    expect(shadow(el).querySelector('.va')?.className).toBe('va va--inline');
    // Re-rendering for another attribute does not repeat the warnings.
    el.setAttribute('label-idle', 'Call us');
    expect(button(el)?.textContent).toBe('Call us');
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines.sort()).toEqual(
      [
        '<voice-assistant> ignores captions="maybe": write on or off.',
        '<voice-assistant> ignores position="top": write bottom-right or bottom-left.',
        '<voice-assistant> ignores lang="xx": write en or es or fr or de or pt or zh or ar.',
        '<voice-assistant> ignores mode="popup": write inline or fullscreen or floating.',
      ].sort(),
    );
  });

  it('follows attribute changes: labels, mode, demo badge', () => {
    const el = mount({ 'assistant-id': 'a', 'public-key': 'pk', 'label-idle': 'Call us' });
    expect(button(el)?.textContent).toBe('Call us');
    el.setAttribute('mode', 'floating');
    expect(button(el)?.getAttribute('part')).toBe('button launcher');
    expect(shadow(el).querySelector('canvas')).toBeNull();
    el.removeAttribute('public-key');
    expect(shadow(el).querySelector('[part="badge"]')?.textContent).toBe(
      'Demo assistant (offline)',
    );
  });

  it('draws the demo badge in the element’s language before intent, saying the voice is English', () => {
    const el = mount({ 'assistant-id': 'a', lang: 'zh' });
    const badge = shadow(el).querySelector('[part="badge"]');
    expect(badge?.textContent).toBe('演示 · EN');
    expect(badge?.closest('[lang]')?.getAttribute('lang')).toBe('zh');
    el.setAttribute('lang', 'fr');
    expect(shadow(el).querySelector('[part="badge"]')?.textContent).toBe('Démo · EN');
  });

  it('throws the spec sentence from setMuted, isMuted and say without a call', () => {
    const el = mount({ 'assistant-id': 'a' });
    expect(() => el.setMuted(true)).toThrow(VoiceAssistantError);
    expect(() => el.isMuted()).toThrow('Call object is not available.');
    try {
      el.say('hi');
    } catch (error) {
      expect(error).toMatchObject({ name: 'VoiceAssistantError', code: 'no-active-call' });
    }
  });

  it('keeps callOptions set on the element before it was upgraded', () => {
    const el = document.createElement('late-assistant');
    const options = { joinTimeoutMs: 1234 };
    Object.assign(el, { callOptions: options });
    el.setAttribute('assistant-id', 'a');
    document.body.append(el);
    defineVoiceAssistant('late-assistant');
    expect((el as VoiceAssistantElement).callOptions).toBe(options);
    expect(Object.hasOwn(el, 'callOptions')).toBe(false);
  });
});
