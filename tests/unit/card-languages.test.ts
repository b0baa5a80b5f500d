import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../widget/element/i18n/languages.ts';
import { CONTACT_CARD_TEXTS } from '../../widget/leads/card/card-texts.ts';
import { showContactCard } from '../../widget/leads/card/contact-card.ts';
import { askFeedback } from '../../widget/leads/feedback/feedback-card.ts';
import { FEEDBACK_TEXTS } from '../../widget/leads/feedback/feedback-texts.ts';

// Issue 29 §3-4: the contact card and the feedback question speak the element's language; the
// card closes on Escape, handing the details on as understood and unticked.

function host(): HTMLElement {
  const el = document.createElement('div');
  el.attachShadow({ mode: 'open' });
  document.body.append(el);
  return el;
}

const SENTENCE = (phone: string) =>
  `Maple Ridge Realty may call or text me at ${phone} about homes. Consent is not a condition of buying.`;

describe('the cards in the element’s language', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('every language words every line of both cards', () => {
    for (const language of LANGUAGES) {
      expect(Object.values(CONTACT_CARD_TEXTS[language]).every((t) => t.trim() !== '')).toBe(true);
      expect(Object.values(FEEDBACK_TEXTS[language]).every((t) => t.trim() !== '')).toBe(true);
    }
  });

  it('the contact card in Spanish, its box sentence kept as the evidence is, marked English', () => {
    const el = host();
    showContactCard(el, {
      phone: '604-555-0134',
      sentence: SENTENCE,
      sendable: () => true,
      language: 'es',
    });
    const dialog = el.shadowRoot?.querySelector('[role="dialog"]');
    expect(dialog?.querySelector('h2')?.textContent).toBe('Revisa tus datos');
    expect(dialog?.closest('[lang]')?.getAttribute('lang')).toBe('es');
    expect(dialog?.querySelector('button')?.textContent).toBe('Enviar');
    const note = dialog?.querySelector('.contact-box span');
    expect(note?.textContent).toBe(SENTENCE('604-555-0134'));
    expect(note?.getAttribute('lang')).toBe('en');
  });

  it('Escape closes the contact card: the details as understood, unticked', async () => {
    const el = host();
    const answer = showContactCard(el, {
      name: 'Sam',
      phone: '604-555-0134',
      sentence: SENTENCE,
      sendable: () => true,
    });
    const box = el.shadowRoot?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (box) {
      box.checked = true;
    }
    el.shadowRoot
      ?.querySelector('[role="dialog"]')
      ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(answer).resolves.toEqual({ name: 'Sam', phone: '604-555-0134', consented: false });
    expect(el.shadowRoot?.querySelector('[role="dialog"]')).toBeNull();
  });

  it('the feedback question in Arabic, right to left', () => {
    const el = host();
    askFeedback(el, 'ar');
    const form = el.shadowRoot?.querySelector('form');
    expect(form?.getAttribute('aria-label')).toBe('ملاحظات');
    expect(form?.getAttribute('dir')).toBe('rtl');
    expect(form?.querySelector('legend')?.textContent).toBe('كيف كانت هذه المحادثة؟');
  });
});
