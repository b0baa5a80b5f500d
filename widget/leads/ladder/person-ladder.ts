import { dispatchWidgetEvent } from '../../element/after-intent/dom-events.ts';
import type { CallbackRequest, ListingContext } from '../../element/lead-details.ts';
import { extendWidgetStyleSheet } from '../../element/styles.ts';
import { CARD_CSS, element, field, holdFocus } from '../card/card-dom.ts';
import { LEAD_FIELD_MAX_CHARS } from '../constants.ts';
import { contactSeller, contactSentence, isSendable } from '../contact-consent.ts';
import { queueFor } from '../delivery-queues.ts';
import { cleanText } from '../page/clean-text.ts';
import { isOfficeOpen, nextOpenings, readOfficeHours } from '../rules/office-hours.ts';
import {
  type CallbackAnswer,
  type CallbackContext,
  callbackRequest,
  callerName,
  officeNumberOffer,
} from './callback-request.ts';

/*
 * "Talk to a person" (docs/behaviour.md#talk-to-a-person), its own chunk (`person-ladder`),
 * loaded when the visitor presses the panel's button. A modal dialog of plain DOM in the
 * element's shadow root, as the contact card is: inside office hours "Call me now", outside them
 * "Call me back" at one of the next three openings, and without `lead-endpoint` the office's
 * `tel:` link only. English only for now.
 */

/** What the ladder needs from its element. */
export interface LadderPort {
  /** The `<voice-assistant>`: its attributes and shadow root; the event is dispatched from it. */
  readonly host: HTMLElement;
  readonly leadEndpoint: string | null;
  readonly demo: boolean;
  readonly listing: ListingContext;
  /** The call or chat in progress, if any. */
  readonly conversationId: string | null;
  /** The page's URL as captures name it. */
  readonly pageUrl: string | null;
  /** Where the request goes; the page's delivery queue for `lead-endpoint` by default. */
  readonly deliver?: (request: CallbackRequest) => Promise<unknown>;
  readonly now?: () => Date;
  /** The language dates are written in (the dialog's sentences are English for now). */
  readonly language?: string;
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

function formatOpening(at: Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
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
 * Opens the ladder in `port.host`'s shadow root; resolves when the visitor closes it (Close or
 * Escape) with the request they made, or `null` when they sent none.
 */
export function showPersonLadder(port: LadderPort): Promise<CallbackRequest | null> {
  const { host } = port;
  const doc = host.ownerDocument;
  const root = host.shadowRoot;
  extendWidgetStyleSheet(doc, CARD_CSS + LADDER_CSS);
  ladders += 1;
  const id = `va-ladder-${ladders}`;
  const now = port.now?.() ?? new Date();
  const officePhone = cleanText(host.getAttribute('office-phone'), LEAD_FIELD_MAX_CHARS);
  const hours = readOfficeHours(host.getAttribute('office-hours'));
  const open = hours === null || isOfficeOpen(hours, now);
  const openings = hours === null || open ? [] : nextOpenings(hours, now, 3);
  const language = port.language ?? 'en';
  const when = (at: Date) => formatOpening(at, hours?.timeZone ?? 'UTC', language);
  const context: CallbackContext = {
    idempotencyKey: crypto.randomUUID(),
    now,
    listing: port.listing,
    conversationId: port.conversationId,
    pageUrl: port.pageUrl,
    officePhone,
    demo: port.demo,
  };

  const overlay = element(doc, 'div', { class: 'va va--overlay', part: 'ladder-overlay' });
  overlay.lang = 'en';
  const dialog = element(doc, 'div', {
    class: 'consent',
    part: 'ladder',
    role: 'dialog',
    'aria-modal': 'true',
    'aria-labelledby': `${id}-title`,
    tabindex: '-1',
  });
  const title = element(doc, 'h2', { id: `${id}-title`, class: 'consent-title' });
  title.textContent = 'Talk to a person';
  const say = (text: string) => element(doc, 'p', { class: 'consent-text' }, text);
  const phoneLink = () =>
    officePhone === null
      ? []
      : [
          say('Or call the office:'),
          element(doc, 'a', { class: 'ladder-phone', href: telHref(officePhone) }, officePhone),
        ];
  const closeButton = element(doc, 'button', { type: 'button', class: 'consent-decline' }, 'Close');
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
    const closedNote = opensAt ? [say(`The office is closed. It opens ${when(opensAt)}.`)] : [];

    if (port.leadEndpoint === null) {
      // No one to send a request to: the office's number is the ladder.
      dispatchWidgetEvent(host, 'voice-assistant:callback', officeNumberOffer(context));
      actions.append(closeButton);
      const offer = officePhone === null ? [] : phoneLink().slice(1);
      dialog.append(title, ...closedNote, say('Call the office:'), ...offer, actions);
    } else {
      const form = element(doc, 'form', { class: 'contact-form' });
      form.noValidate = true;
      const name = element(doc, 'input', { type: 'text', autocomplete: 'name' });
      const phone = element(doc, 'input', { type: 'tel', autocomplete: 'tel' });
      const seller = contactSeller(host.getAttribute('brokerage'), port.listing.agentName);
      const box = element(doc, 'input', { type: 'checkbox', 'aria-describedby': `${id}-note` });
      const sentence = element(doc, 'span', { id: `${id}-note` }, contactSentence(seller, ''));
      phone.addEventListener('input', () => {
        sentence.textContent = contactSentence(seller, phone.value.trim());
      });
      const boxLabel = element(doc, 'label', { class: 'contact-box' });
      boxLabel.append(box, sentence);
      const error = element(doc, 'p', { class: 'contact-error', role: 'alert' });
      const times = element(doc, 'fieldset', { class: 'ladder-times' });
      times.append(element(doc, 'legend', {}, 'When should we call?'));
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
        open ? 'Call me now' : 'Call me back',
      );
      actions.append(submit, closeButton);
      form.append(
        ...(open ? [] : [times]),
        field(doc, 'Name', name),
        field(doc, 'Phone', phone),
        boxLabel,
        error,
        actions,
      );
      const intro = open
        ? [say('An agent can call you in the next few minutes.')]
        : opensAt
          ? closedNote
          : [say('The office is closed. Leave your number and we will call you back.')];
      dialog.append(title, ...intro, form, ...phoneLink());
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (!isSendable({ phone: phone.value })) {
          error.textContent = 'Enter a phone number that can be dialled.';
          phone.setAttribute('aria-invalid', 'true');
          phone.focus();
          return;
        }
        const picked = form.querySelector<HTMLInputElement>('.ladder-times input:checked');
        const requestedTime = open ? null : (openings[Number(picked?.value ?? 0)] ?? null);
        const answer: CallbackAnswer = {
          name: name.value,
          phone: phone.value,
          consented: box.checked,
          urgent: open,
          requestedTime,
        };
        sent = callbackRequest(answer, seller, context);
        if (dispatchWidgetEvent(host, 'voice-assistant:callback', sent, true)) {
          const endpoint = port.leadEndpoint ?? '';
          const deliver =
            port.deliver ??
            ((request: CallbackRequest) =>
              queueFor(endpoint).deliver(request, { consentAgreed: false }));
          deliver(sent).catch(() => undefined);
        }
        const caller = callerName(port.listing) ?? 'An agent';
        const done = open
          ? `${caller} will call you in the next few minutes.`
          : `We will call you ${requestedTime ? when(requestedTime) : 'when the office opens'}.`;
        const confirmation = say(done);
        confirmation.setAttribute('role', 'status');
        const after = element(doc, 'div', { class: 'consent-actions' });
        after.append(closeButton);
        dialog.replaceChildren(title, confirmation, ...phoneLink(), after);
        closeButton.focus();
      });
    }
    overlay.append(dialog);
    (root ?? doc.body).append(overlay);
    dialog.focus();
  });
}
