import { type Language, textDirection } from '../../element/i18n/languages.ts';
import type { CallbackRequest } from '../../element/lead-details.ts';
import { extendWidgetStyleSheet } from '../../element/styles.ts';
import { CARD_CSS, element, field, holdFocus, modalDialog } from './card-dom.ts';
import { CONTACT_CARD_TEXTS } from './card-texts.ts';
import { LADDER_TEXTS } from './ladder-texts.ts';

/*
 * "Talk to a person" (docs/behaviour.md#talk-to-a-person): the dialog, in the `contact-card`
 * chunk beside the card it shares its form with, opened by the lead handler's
 * `openPersonLadder` when the visitor presses the panel's button. Plain DOM in the element's
 * shadow root, modal: inside office hours "Call me now", outside them "Call me back" at one of
 * the next openings, and without `lead-endpoint` the office's `tel:` link only. What it offers
 * and how a request is sent are the lead handler's (`callback-sender.ts`). In the element's
 * language (`ladder-texts.ts`), its dates too; the consent box's sentence stays as it is kept.
 */

/** What the visitor sent on the ladder's form. */
export interface LadderAnswer {
  readonly name: string;
  readonly phone: string;
  /** The contact consent box was ticked. */
  readonly consented: boolean;
  /** The opening picked with "Call me back"; `null` with "Call me now". */
  readonly requestedTime: Date | null;
}

/** What the ladder offers, decided before it opens (`ladderOffer`). */
export interface LadderOffer {
  /** The `office-phone` number, shown as a `tel:` link; `null` without it. */
  readonly officePhone: string | null;
  /** Inside office hours (or none given): "Call me now". */
  readonly open: boolean;
  /** The next openings "Call me back" offers; empty when open. */
  readonly openings: readonly Date[];
  /** The office's time zone, the openings' wall clock; `null` without office hours. */
  readonly timeZone: string | null;
  /** The element's language: the dialog's words and its dates. */
  readonly language: Language;
  /** A request can be sent (`lead-endpoint` is set); otherwise the `tel:` link only. */
  readonly sends: boolean;
  /** Who will call, by first name, for the confirmation; `null`: "An agent". */
  readonly callerName: string | null;
  /** The contact consent box's sentence for a number. */
  sentence(phone: string): string;
  /** Whether a number may be sent. */
  sendable(phone: string): boolean;
  /** Sends the request (the event, then the POST) and returns it. */
  send(answer: LadderAnswer): CallbackRequest;
  /** No request to send: tells the page the office's number was offered. */
  offerNumber(): void;
}

const LADDER_CSS = `
.ladder-times { display: flex; flex-direction: column; gap: 6px; margin: 0; padding: 0; border: 0;
  font-size: 14px; }
.ladder-times legend { margin-bottom: 4px; font-weight: 600; }
.ladder-time { display: flex; gap: 8px; align-items: center; }
.ladder-time input { width: 20px; height: 20px; margin: 0; }
.ladder-phone { font-size: 16px; font-weight: 700; color: #1d4ed8; }
.ladder-phone:focus-visible, .ladder-time input:focus-visible {
  outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 2px; }
`;

let ladders = 0;

function formatOpening(at: Date, timeZone: string | null, language: string): string {
  return new Intl.DateTimeFormat(language, {
    ...(timeZone !== null && { timeZone }),
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** The dial string of a written number: digits and a leading `+` only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

/**
 * Opens the ladder in `host`'s shadow root; resolves when the visitor closes it (Close or
 * Escape) with the request they sent, or `null` when they sent none.
 */
export function showPersonLadder(
  host: HTMLElement,
  offer: LadderOffer,
): Promise<CallbackRequest | null> {
  const doc = host.ownerDocument;
  const root = host.shadowRoot;
  extendWidgetStyleSheet(doc, CARD_CSS + LADDER_CSS);
  ladders += 1;
  const id = `va-ladder-${ladders}`;
  const { officePhone, open, openings } = offer;
  const { language } = offer;
  const words = LADDER_TEXTS[language];
  const card = CONTACT_CARD_TEXTS[language];
  const when = (at: Date) => formatOpening(at, offer.timeZone, language);

  const { overlay, dialog } = modalDialog(doc, id, ['ladder', 'ladder-overlay']);
  overlay.lang = language;
  overlay.dir = textDirection(language);
  const title = element(doc, 'h2', { id: `${id}-title`, class: 'consent-title' });
  title.textContent = words.title;
  const say = (text: string) => element(doc, 'p', { class: 'consent-text' }, text);
  const phoneLink = () =>
    officePhone === null
      ? []
      : [
          say(words.orCallOffice),
          element(doc, 'a', { class: 'ladder-phone', href: telHref(officePhone) }, officePhone),
        ];
  const closeButton = element(
    doc,
    'button',
    {
      type: 'button',
      class: 'consent-decline',
    },
    words.close,
  );
  const actions = element(doc, 'div', { class: 'consent-actions' });
  const previous = root?.activeElement as HTMLElement | null | undefined;
  let sent: CallbackRequest | null = null;

  return new Promise((resolve) => {
    const close = (): void => {
      overlay.remove();
      if (previous?.isConnected) {
        previous.focus();
      }
      resolve(sent);
    };
    holdFocus(dialog, root, close);
    closeButton.addEventListener('click', close);
    const opensAt = openings[0];
    const closedNote = opensAt ? [say(words.opensAt(when(opensAt)))] : [];

    if (!offer.sends) {
      // No one to send a request to: the office's number is the ladder.
      offer.offerNumber();
      actions.append(closeButton);
      const number = officePhone === null ? [] : phoneLink().slice(1);
      dialog.append(title, ...closedNote, say(words.callOffice), ...number, actions);
    } else {
      const form = element(doc, 'form', { class: 'contact-form' });
      form.noValidate = true;
      const name = element(doc, 'input', { type: 'text', autocomplete: 'name' });
      const phone = element(doc, 'input', { type: 'tel', autocomplete: 'tel' });
      const box = element(doc, 'input', { type: 'checkbox', 'aria-describedby': `${id}-note` });
      // Until a number is typed the sentence names "this number"; what is kept names the number sent.
      const shown = (value: string) => offer.sentence(value === '' ? 'this number' : value);
      const sentence = element(doc, 'span', { id: `${id}-note` }, shown(''));
      if (language !== 'en') {
        sentence.lang = 'en';
      }
      phone.addEventListener('input', () => {
        sentence.textContent = shown(phone.value.trim());
      });
      const boxLabel = element(doc, 'label', { class: 'contact-box' });
      boxLabel.append(box, sentence);
      const error = element(doc, 'p', { class: 'contact-error', role: 'alert' });
      const times = element(doc, 'fieldset', { class: 'ladder-times' });
      times.append(element(doc, 'legend', {}, words.whenToCall));
      openings.forEach((at, i) => {
        const label = element(doc, 'label', { class: 'ladder-time' });
        const radio = element(doc, 'input', { type: 'radio', name: id, value: String(i) });
        radio.checked = i === 0;
        label.append(radio, when(at));
        times.append(label);
      });
      const submit = element(
        doc,
        'button',
        { type: 'submit', class: 'consent-agree' },
        open ? words.callMeNow : words.callMeBack,
      );
      actions.append(submit, closeButton);
      form.append(
        ...(open ? [] : [times]),
        field(doc, card.name, name),
        field(doc, card.phone, phone),
        boxLabel,
        error,
        actions,
      );
      const intro = open
        ? [say(words.canCallNow)]
        : opensAt
          ? closedNote
          : [say(words.closedLeaveNumber)];
      dialog.append(title, ...intro, form, ...phoneLink());
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (!offer.sendable(phone.value.trim())) {
          error.textContent = card.badPhone;
          phone.setAttribute('aria-invalid', 'true');
          phone.focus();
          return;
        }
        const picked = form.querySelector<HTMLInputElement>('.ladder-times input:checked');
        const requestedTime = open ? null : (openings[Number(picked?.value ?? 0)] ?? null);
        sent = offer.send({
          name: name.value,
          phone: phone.value,
          consented: box.checked,
          requestedTime,
        });
        const done = open
          ? words.willCallSoon(offer.callerName ?? words.anAgent)
          : requestedTime
            ? words.willCallAt(when(requestedTime))
            : words.willCallWhenOpen;
        const confirmation = say(done);
        confirmation.setAttribute('role', 'status');
        const after = element(doc, 'div', { class: 'consent-actions' });
        after.append(closeButton);
        dialog.replaceChildren(title, confirmation, ...phoneLink(), after);
        closeButton.focus();
      });
    }
    (root ?? doc.body).append(overlay);
    dialog.focus();
  });
}
