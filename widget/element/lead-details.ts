/**
 * The details of the element's lead events (`voice-assistant:lead`, `:viewing-request`,
 * `:lead-delivery`), which are also the JSON bodies posted to `lead-endpoint`. They are part of
 * the contract, so they live here at the bottom; `leads/` builds and delivers them.
 */

/** What the visitor wants to do: the `intent` argument of `capture_lead`. */
export type LeadIntent = 'buy' | 'sell' | 'rent' | 'other';

/** A lead's fields, cleaned: what `capture_lead` carried. */
export interface LeadFields {
  readonly name?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly intent?: LeadIntent;
  readonly timeframe?: string;
  readonly budget?: string;
  readonly notes?: string;
  /**
   * The visitor ticked the contact consent box on the widget's card (`contactConsent` holds the
   * text they agreed to); `false` otherwise. The model's reading of their words is `spokenConsent`.
   */
  readonly consentToContact: boolean;
  /** What the assistant heard (`consent_to_contact`), kept beside the box's answer as evidence. */
  readonly spokenConsent?: boolean;
  /** The visitor asked not to be contacted again ("stop contacting me"; `do_not_contact`). */
  readonly doNotContact?: true;
}

/** A viewing request's fields, cleaned: what `request_viewing` carried. */
export interface ViewingFields {
  /** The listing to view; the page's listing when the assistant named none. */
  readonly listing?: string;
  /** When the visitor would like to come, in the visitor's words; at least one. */
  readonly preferredTimes: readonly string[];
  readonly name?: string;
  readonly phone?: string;
  readonly email?: string;
  /** The visitor ticked the contact consent box on the widget's card (see `LeadFields`). */
  readonly consentToContact?: boolean;
}

/** The listing a visitor is looking at, as far as the page tells; every field is optional. */
export interface ListingContext {
  /** Street address, as one line. */
  readonly address?: string;
  /** Asking price or rent, as the page writes it (`$450,000`, `450000 USD`). */
  readonly price?: string;
  /** The MLS number or the brokerage's own listing id. */
  readonly id?: string;
  /** The listing's own page (absolute http(s) URL). */
  readonly url?: string;
  /** The listing agent's name. */
  readonly agentName?: string;
}

/**
 * The recording disclosure the visitor agreed to, as evidence the brokerage keeps with the
 * capture: which text (its version hash, and the text itself), and when.
 */
export interface ConsentEvidence {
  /** The disclosure's version: a hash of its text (as in `voice-assistant:consent`). */
  readonly version: string;
  /** The disclosure's text, or `null` when the page's text has changed since the agreement. */
  readonly text: string | null;
  /** When the visitor pressed Agree (ISO 8601). */
  readonly acceptedAt: string;
}

/**
 * The contact consent the visitor gave on the widget's card (docs/behaviour.md#leads): the exact
 * sentence next to the box they ticked ("… may call or text me at … about homes. …"), its hash
 * and when they sent it.
 */
export interface ContactConsent {
  readonly text: string;
  /** A hash of `text` (as `ConsentEvidence.version`). */
  readonly version: string;
  /** When the visitor sent the card with the box ticked (ISO 8601). */
  readonly givenAt: string;
}

/** What every capture carries besides its fields. */
interface CaptureBase {
  /** Unique per capture; sent as the idempotency key so a second arrival is harmless. */
  readonly idempotencyKey: string;
  /** The call id (or chat id) the capture came from; `null` when the platform gave none yet. */
  readonly conversationId: string | null;
  /** When the widget accepted the capture (ISO 8601, UTC). */
  readonly capturedAt: string;
  /** The page's listing context at the time (attributes and JSON-LD). */
  readonly listing: ListingContext;
  /**
   * The platform's id of the tool call that made the capture: with the conversation id, it lets
   * a server that also hears the call's tool calls store the capture once.
   */
  readonly toolCallId: string | null;
  /** The disclosure the visitor agreed to before the conversation; `null` without one. */
  readonly consent: ConsentEvidence | null;
  /** The page the conversation happened on: origin and path (as the `page_url` variable), or `null`. */
  readonly pageUrl: string | null;
  /** The box on the widget's card, when the visitor ticked it; absent otherwise. */
  readonly contactConsent?: ContactConsent;
  /** The conversation's language (BCP 47), in the body posted to `lead-endpoint` only. */
  readonly language?: string;
  /** Present on the offline demo's captures, so the desk and the inbox can mark them. */
  readonly demo?: true;
}

/**
 * A qualified lead from `capture_lead`: the detail of the `voice-assistant:lead` event and the
 * JSON body posted to `lead-endpoint`.
 */
export interface LeadCapture extends CaptureBase {
  readonly kind: 'lead';
  readonly fields: LeadFields;
}

/**
 * A viewing request from `request_viewing`: the detail of the
 * `voice-assistant:viewing-request` event and the JSON body posted to `lead-endpoint`.
 */
export interface ViewingCapture extends CaptureBase {
  readonly kind: 'viewing-request';
  readonly fields: ViewingFields;
}

/** Either capture, discriminated by `kind`. */
export type Capture = LeadCapture | ViewingCapture;

/** What a callback carries: who to call and whether they may be called or texted. */
export interface CallbackFields {
  readonly name?: string;
  /** The number to call, as the visitor typed it on the ladder. */
  readonly phone: string;
  /** The visitor ticked the contact consent box (`contactConsent` holds its sentence). */
  readonly consentToContact: boolean;
}

/**
 * The visitor asked for a person (docs/behaviour.md#talk-to-a-person): the detail of the
 * `voice-assistant:callback` event and, with `lead-endpoint`, the JSON body posted there.
 * `urgent` is "Call me now" (inside office hours); `requestedTime` the opening picked with
 * "Call me back". Without `lead-endpoint` the ladder offers only the office's `tel:` link, and
 * the event says so with `fields: null`.
 */
export interface CallbackRequest extends Omit<CaptureBase, 'toolCallId'> {
  readonly kind: 'callback';
  /** "Call me now": the on-duty agent is alerted at once. */
  readonly urgent: boolean;
  /** The opening picked for "Call me back" (ISO 8601), or `null` for now. */
  readonly requestedTime: string | null;
  /** What the visitor sent, or `null` when only the office's number was offered. */
  readonly fields: CallbackFields | null;
  /** The `office-phone` attribute, shown as a `tel:` link; `null` without it. */
  readonly officePhone: string | null;
}

/**
 * What the widget tells the page about one capture's delivery to `lead-endpoint`
 * (docs/behaviour.md#leads): the `voice-assistant:lead-delivery` event's detail. It names the
 * capture by its idempotency key only, and its reason is one of the fixed sentences below (with
 * an HTTP status at most), so it never carries personal data.
 */
export interface LeadDeliveryDetail {
  /** The capture's `idempotencyKey` (as in `voice-assistant:lead` and the POST body). */
  readonly idempotencyKey: string;
  /**
   * - `delivered`: the endpoint accepted it (2xx);
   * - `queued`: not yet; the widget is retrying, or keeps it on the device for the next page load;
   * - `failed`: the endpoint refused it (a 4xx), or every try failed and nothing could be kept.
   */
  readonly status: 'delivered' | 'queued' | 'failed';
  /** Why it is not delivered (the likely cause), or `null` once delivered. */
  readonly reason: string | null;
}
