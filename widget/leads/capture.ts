import type { LeadFields, ViewingFields } from './lead-fields.ts';
import type { ListingContext } from './listing-context.ts';

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

/**
 * True when the capture may wait on the device: the visitor said yes to being contacted
 * (`consent_to_contact`), or agreed to the widget's consent disclosure (docs/behaviour.md#consent).
 */
export function mayStoreCapture(capture: Capture, consentAgreed: boolean): boolean {
  return consentAgreed || (capture.kind === 'lead' && capture.fields.consentToContact);
}
