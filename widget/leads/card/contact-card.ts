import { type Language, textDirection } from '../../element/i18n/languages.ts';
import { extendWidgetStyleSheet } from '../../element/styles.ts';
import { CARD_CSS, element, field, holdFocus, modalDialog } from './card-dom.ts';
import { CONTACT_CARD_TEXTS } from './card-texts.ts';

// The chunk's other dialog, "Talk to a person": it shares this card's form and helpers.
export { showPersonLadder } from './person-ladder.ts';

/*
 * The contact card (docs/behaviour.md#leads), its own chunk (`contact-card`), loaded by the lead
 * handler when a capture first has a phone number. It is plain DOM in the element's shadow root,
 * beside the UI, so the UI chunk that every visitor loads carries none of it. In the element's
 * language (`card-texts.ts`); the box's sentence stays as the evidence is kept.
 */

/** What the card shows: the details as understood, and how the box's sentence reads. */
export interface ContactCardRequest {
  readonly name?: string;
  readonly phone: string;
  /** The box's sentence for a phone number (`contactSentence` with the seller). */
  readonly sentence: (phone: string) => string;
  /** Whether a phone number may be sent (`isSendable`). */
  readonly sendable: (phone: string) => boolean;
  /** The card's language (the element's); English when absent. */
  readonly language?: Language;
}

/** What the visitor sent. */
export interface ContactCardAnswer {
  readonly name: string;
  readonly phone: string;
  readonly consented: boolean;
}

let cards = 0;

/**
 * Shows the card in `host`'s shadow root, modal (focus stays in it) until the visitor presses
 * Send with a number that can be dialled; resolves with what they sent. The box starts unticked.
 */
export function showContactCard(
  host: HTMLElement,
  request: ContactCardRequest,
): Promise<ContactCardAnswer> {
  const root = host.shadowRoot;
  const doc = host.ownerDocument;
  extendWidgetStyleSheet(doc, CARD_CSS);
  cards += 1;
  const id = `va-contact-${cards}`;
  const language = request.language ?? 'en';
  const words = CONTACT_CARD_TEXTS[language];
  const { overlay, dialog } = modalDialog(doc, id, ['contact-card', 'contact-overlay']);
  overlay.lang = language;
  overlay.dir = textDirection(language);
  // The form's children lay out as the dialog's own (.consent's column).
  const form = element(doc, 'form', { class: 'contact-form' });
  form.noValidate = true;
  const name = element(doc, 'input', { type: 'text', autocomplete: 'name' });
  name.value = request.name ?? '';
  const phone = element(doc, 'input', { type: 'tel', autocomplete: 'tel' });
  phone.value = request.phone;
  const box = element(doc, 'input', { type: 'checkbox', 'aria-describedby': `${id}-note` });
  const sentence = element(doc, 'span', { id: `${id}-note` }, request.sentence(request.phone));
  if (language !== 'en') {
    sentence.lang = 'en';
  }
  const boxLabel = element(doc, 'label', { class: 'contact-box' });
  boxLabel.append(box, sentence);
  const error = element(doc, 'p', { class: 'contact-error', role: 'alert' });
  const actions = element(doc, 'div', { class: 'consent-actions' });
  actions.append(element(doc, 'button', { type: 'submit', class: 'consent-agree' }, words.send));
  dialog.append(
    element(doc, 'h2', { id: `${id}-title`, class: 'consent-title' }, words.title),
    element(doc, 'p', { class: 'consent-text' }, words.intro),
    form,
  );
  form.append(
    field(doc, words.name, name),
    field(doc, words.phone, phone),
    boxLabel,
    error,
    actions,
  );
  // The sentence names the number the visitor will send, as they type it.
  phone.addEventListener('input', () => {
    sentence.textContent = request.sentence(phone.value.trim());
  });
  const previous = root?.activeElement as HTMLElement | null | undefined;
  return new Promise((resolve) => {
    const close = (answer: ContactCardAnswer): void => {
      overlay.remove();
      if (previous?.isConnected) {
        previous.focus();
      }
      resolve(answer);
    };
    // Escape closes the card: the details go on as understood, and the box stays unticked.
    holdFocus(dialog, root ?? null, () =>
      close({ name: request.name ?? '', phone: request.phone, consented: false }),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!request.sendable(phone.value.trim())) {
        error.textContent = words.badPhone;
        phone.setAttribute('aria-invalid', 'true');
        phone.focus();
        return;
      }
      close({ name: name.value, phone: phone.value, consented: box.checked });
    });
    (root ?? doc.body).append(overlay);
    dialog.focus();
  });
}
