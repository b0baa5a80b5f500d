import type {
  CallbackRequest,
  Capture,
  ConsentEvidence,
  LeadCapture,
  ViewingCapture,
} from '../element/lead-details.ts';
import type { ConversationDelivery } from './conversation-delivery.ts';
import type { FeedbackDelivery } from './feedback-delivery.ts';

export type { Capture, ConsentEvidence, LeadCapture, ViewingCapture };

/**
 * What the delivery queue posts to `lead-endpoint`: a capture, a request to talk to a person, a
 * conversation's transcript, or the visitor's feedback on it.
 */
export type Deliverable = Capture | CallbackRequest | ConversationDelivery | FeedbackDelivery;

/**
 * True when the capture may wait on the device: the visitor said yes to being contacted
 * (`consent_to_contact`), or agreed to the widget's consent disclosure (docs/behaviour.md#consent).
 */
export function mayStoreCapture(capture: Deliverable, consentAgreed: boolean): boolean {
  return (
    consentAgreed ||
    ((capture.kind === 'lead' || capture.kind === 'callback') &&
      capture.fields?.consentToContact === true)
  );
}
