import type { CallbackRequest, ListingContext } from '../element/lead-details.ts';
import { LEAD_FIELD_MAX_CHARS } from './constants.ts';
import { contactConsentFor } from './contact-consent.ts';
import { cleanText } from './page/clean-text.ts';

/*
 * The body of "Talk to a person" (docs/behaviour.md#talk-to-a-person), pure: what the ladder
 * dispatches as `voice-assistant:callback` and posts to `lead-endpoint` as `kind: 'callback'`.
 */

/** What every callback request says about where it came from. */
export interface CallbackContext {
  readonly idempotencyKey: string;
  readonly now: Date;
  readonly listing: ListingContext;
  readonly conversationId: string | null;
  readonly pageUrl: string | null;
  readonly officePhone: string | null;
  readonly demo: boolean;
}

/** What the visitor sent on the ladder's form. */
export interface CallbackAnswer {
  readonly name: string;
  readonly phone: string;
  /** The contact consent box was ticked. */
  readonly consented: boolean;
  /** "Call me now" (inside office hours): the desk alerts the on-duty agent at once. */
  readonly urgent: boolean;
  /** The opening picked with "Call me back"; `null` with "Call me now". */
  readonly requestedTime: Date | null;
}

function base(context: CallbackContext) {
  return {
    kind: 'callback' as const,
    idempotencyKey: context.idempotencyKey,
    conversationId: context.conversationId,
    capturedAt: context.now.toISOString(),
    listing: context.listing,
    consent: null,
    pageUrl: context.pageUrl,
    officePhone: context.officePhone,
    ...(context.demo && { demo: true as const }),
  };
}

/** The office's number only (no `lead-endpoint`): nothing is sent, the page hears of it. */
export function officeNumberOffer(context: CallbackContext): CallbackRequest {
  return { ...base(context), urgent: false, requestedTime: null, fields: null };
}

/**
 * The visitor's request: their name and number, `consentToContact` from the box and, when
 * ticked, the sentence naming `seller` they agreed to, with its hash and the time.
 */
export function callbackRequest(
  answer: CallbackAnswer,
  seller: string,
  context: CallbackContext,
): CallbackRequest {
  const phone = cleanText(answer.phone, LEAD_FIELD_MAX_CHARS) ?? '';
  const name = cleanText(answer.name, LEAD_FIELD_MAX_CHARS);
  const contactConsent = contactConsentFor(seller, phone, answer.consented, context.now);
  return {
    ...base(context),
    urgent: answer.urgent,
    requestedTime: answer.requestedTime?.toISOString() ?? null,
    fields: { ...(name !== null && { name }), phone, consentToContact: answer.consented },
    ...(contactConsent && { contactConsent }),
  };
}

/** Who will call, as the confirmation names them: the listing agent's first name, if known. */
export function callerName(listing: ListingContext): string | null {
  return listing.agentName?.split(/\s+/)[0] ?? null;
}
