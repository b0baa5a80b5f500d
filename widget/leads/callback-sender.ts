import { dispatchWidgetEvent } from '../element/after-intent/dom-events.ts';
import type { Language } from '../element/i18n/languages.ts';
import type { CallbackRequest, ListingContext } from '../element/lead-details.ts';
import {
  type CallbackAnswer,
  type CallbackContext,
  callbackRequest,
  callerName,
  officeNumberOffer,
} from './callback-request.ts';
import type { LadderAnswer, LadderOffer } from './card/person-ladder.ts';
import { LEAD_FIELD_MAX_CHARS } from './constants.ts';
import { contactSeller, contactSentence, isSendable } from './contact-consent.ts';
import { queueFor } from './delivery-queues.ts';
import { loadContactCard } from './load-contact-card.ts';
import { cleanText } from './page/clean-text.ts';
import { isOfficeOpen, nextOpenings, readOfficeHours } from './rules/office-hours.ts';

/*
 * The rules and wiring behind "Talk to a person" (docs/behaviour.md#talk-to-a-person), in the
 * lead-handler chunk with the rest of lead capture; the dialog itself is `card/person-ladder.ts`.
 */

/** What the ladder needs from its element and the page. */
export interface LadderPort {
  /** The `<voice-assistant>`: its attributes and shadow root; the event is dispatched from it. */
  readonly host: HTMLElement;
  readonly leadEndpoint: string | null;
  readonly demo: boolean;
  readonly listing: ListingContext;
  /** The page's URL as captures name it (`pageUrlVariable`). */
  readonly pageUrl: string | null;
  /** The element's language: the ladder's words and its openings are written in it. */
  readonly language: Language;
  /** Where a request goes; the page's delivery queue for `lead-endpoint` by default. */
  readonly deliver?: (request: CallbackRequest) => Promise<unknown>;
}

/** How many openings "Call me back" offers. */
const OPENINGS = 3;

/**
 * What the ladder offers at `now`: inside `office-hours` (or without them) "Call me now", else
 * the next openings; the `office-phone` number; and how a request is sent and announced.
 */
export function ladderOffer(port: LadderPort, now: Date): LadderOffer {
  const { host } = port;
  const officePhone = cleanText(host.getAttribute('office-phone'), LEAD_FIELD_MAX_CHARS);
  const hours = readOfficeHours(host.getAttribute('office-hours'));
  const open = hours === null || isOfficeOpen(hours, now);
  const seller = contactSeller(host.getAttribute('brokerage'), port.listing.agentName);
  const context: CallbackContext = {
    idempotencyKey: crypto.randomUUID(),
    now,
    listing: port.listing,
    conversationId: null,
    pageUrl: port.pageUrl,
    officePhone,
    demo: port.demo,
  };
  const endpoint = port.leadEndpoint;
  return {
    officePhone,
    open,
    openings: hours === null || open ? [] : nextOpenings(hours, now, OPENINGS),
    timeZone: hours?.timeZone ?? null,
    language: port.language,
    sends: endpoint !== null,
    callerName: callerName(port.listing),
    sentence: (phone) => contactSentence(seller, phone),
    sendable: (phone) => isSendable({ phone }),
    offerNumber: () => {
      dispatchWidgetEvent(host, 'voice-assistant:callback', officeNumberOffer(context));
    },
    send: (answer: LadderAnswer) => {
      const full: CallbackAnswer = { ...answer, urgent: open };
      const request = callbackRequest(full, seller, context);
      // Cancelable: a host that delivers it itself stops the POST.
      if (dispatchWidgetEvent(host, 'voice-assistant:callback', request, true) && endpoint) {
        const deliver =
          port.deliver ??
          ((body: CallbackRequest) => queueFor(endpoint).deliver(body, { consentAgreed: false }));
        deliver(request).catch(() => undefined);
      }
      return request;
    },
  };
}

/** Opens the ladder (the `contact-card` chunk's dialog); resolves with the request sent, if any. */
export async function openPersonLadder(port: LadderPort): Promise<CallbackRequest | null> {
  const card = await loadContactCard();
  return card.showPersonLadder(port.host, ladderOffer(port, new Date()));
}
