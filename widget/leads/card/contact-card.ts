import { extendWidgetStyleSheet } from '../../element/styles.ts';

/*
 * The contact card (docs/behaviour.md#leads), its own chunk (`contact-card`), loaded by the lead
 * handler when a capture first has a phone number. It is plain DOM in the element's shadow root,
 * beside the UI, so the UI chunk that every visitor loads carries none of it. English only for now.
 */

/** What the card shows: the details as understood, and how the box's sentence reads. */
export interface ContactCardRequest {
  readonly name?: string;
  readonly phone: string;
  /** The box's sentence for a phone number (`contactSentence` with the seller). */
  readonly sentence: (phone: string) => string;
  /** Whether a phone number may be sent (`isSendable`). */
  readonly sendable: (phone: string) => boolean;
}

/** What the visitor sent. */
export interface ContactCardAnswer {
  readonly name: string;
  readonly phone: string;
  readonly consented: boolean;
}

const CARD_CSS = `
.contact-form { display: contents; }
.contact-field { display: flex; flex-direction: column; gap: 4px; font-size: 14px; font-weight: 600; }
.contact-field input { font: inherit; font-weight: 400; padding: 8px; border: 1px solid #475569;
  border-radius: 8px; color: #0f172a; background: #fff; }
.contact-box { display: flex; gap: 8px; align-items: flex-start; font-size: 14px; }
.contact-box input { width: 20px; height: 20px; flex: none; margin: 0; }
.contact-error { margin: 0; font-size: 14px; color: #b91c1c; }
.contact-field input:focus-visible, .contact-box input:focus-visible {
  outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 2px; }
`;

let cards = 0;

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<Record<string, string>> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value !== undefined) {
      node.setAttribute(name, value);
    }
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

function field(doc: Document, label: string, input: HTMLInputElement): HTMLLabelElement {
  const wrap = element(doc, 'label', { class: 'contact-field' }, label);
  wrap.append(input);
  return wrap;
}

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
  const overlay = element(doc, 'div', { class: 'va va--overlay', part: 'contact-overlay' });
  overlay.lang = 'en';
  const dialog = element(doc, 'div', {
    class: 'consent',
    part: 'contact-card',
    role: 'dialog',
    'aria-modal': 'true',
    'aria-labelledby': `${id}-title`,
    tabindex: '-1',
  });
  // The form's children lay out as the dialog's own (.consent's column).
  const form = element(doc, 'form', { class: 'contact-form' });
  form.noValidate = true;
  const name = element(doc, 'input', { type: 'text', autocomplete: 'name' });
  name.value = request.name ?? '';
  const phone = element(doc, 'input', { type: 'tel', autocomplete: 'tel' });
  phone.value = request.phone;
  const box = element(doc, 'input', { type: 'checkbox', 'aria-describedby': `${id}-note` });
  const sentence = element(doc, 'span', { id: `${id}-note` }, request.sentence(request.phone));
  const boxLabel = element(doc, 'label', { class: 'contact-box' });
  boxLabel.append(box, sentence);
  const error = element(doc, 'p', { class: 'contact-error', role: 'alert' });
  const actions = element(doc, 'div', { class: 'consent-actions' });
  actions.append(element(doc, 'button', { type: 'submit', class: 'consent-agree' }, 'Send'));
  dialog.append(
    element(doc, 'h2', { id: `${id}-title`, class: 'consent-title' }, 'Check your details'),
    element(
      doc,
      'p',
      { class: 'consent-text' },
      'Correct anything we misheard before it goes to the team.',
    ),
    form,
  );
  form.append(field(doc, 'Name', name), field(doc, 'Phone', phone), boxLabel, error, actions);
  overlay.append(dialog);
  // The sentence names the number the visitor will send, as they type it.
  phone.addEventListener('input', () => {
    sentence.textContent = request.sentence(phone.value.trim());
  });
  const previous = root?.activeElement as HTMLElement | null | undefined;
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') {
      return;
    }
    const stops = [...dialog.querySelectorAll<HTMLElement>('input, button')];
    const at = stops.indexOf(root?.activeElement as HTMLElement);
    const next = event.shiftKey
      ? (stops[at - 1] ?? stops.at(-1))
      : at === stops.length - 1
        ? stops[0]
        : stops[at + 1];
    event.preventDefault();
    next?.focus();
  });
  return new Promise((resolve) => {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!request.sendable(phone.value.trim())) {
        error.textContent = 'Enter a phone number that can be dialled.';
        phone.setAttribute('aria-invalid', 'true');
        phone.focus();
        return;
      }
      overlay.remove();
      if (previous?.isConnected) {
        previous.focus();
      }
      resolve({ name: name.value, phone: phone.value, consented: box.checked });
    });
    (root ?? doc.body).append(overlay);
    dialog.focus();
  });
}
