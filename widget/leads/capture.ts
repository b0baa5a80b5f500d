import type { ConversationDelivery } from './conversation-delivery.ts';
import type { LeadFields, ViewingFields } from './lead-fields.ts';
import type { ListingContext } from './listing-context.ts';

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

/** What the delivery queue posts to `lead-endpoint`: a capture, or a conversation's transcript. */
export type Deliverable = Capture | ConversationDelivery;

/**
 * True when the capture may wait on the device: the visitor said yes to being contacted
 * (`consent_to_contact`), or agreed to the widget's consent disclosure (docs/behaviour.md#consent).
 */
export function mayStoreCapture(capture: Deliverable, consentAgreed: boolean): boolean {
  return consentAgreed || (capture.kind === 'lead' && capture.fields.consentToContact);
}
