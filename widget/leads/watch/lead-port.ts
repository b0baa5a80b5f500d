import type { WidgetConfig } from '../../element/attributes.ts';
import type { ContactCardAnswer, ContactCardRequest } from '../card/contact-card.ts';
import type { FeedbackAnswer } from '../feedback-delivery.ts';
import type { ConsentRecord } from './consent-record.ts';

/**
 * The one port between lead capture and the element (docs/behaviour.md#leads): the element the
 * lead events are dispatched from (its document is the page: listing, URL, storage), the
 * attributes to read, and the visitor's agreement to the disclosure.
 */
export interface LeadPort {
  /** The `<voice-assistant>` element: `voice-assistant:lead` and the others are dispatched from it. */
  host: HTMLElement;
  /** The element's parsed attributes, read at each use. */
  config(): WidgetConfig;
  /** The visitor's agreement to the `consent` disclosure for this conversation, if any. */
  consent?: () => ConsentRecord | null;
  /**
   * Shows the contact card and resolves with what the visitor sent; the `contact-card` chunk's
   * card in the element's shadow root by default (tests inject their own).
   */
  askContact?: (request: ContactCardRequest) => Promise<ContactCardAnswer>;
  /**
   * Asks "How was this conversation?" and resolves with the answer, or `null` when skipped; the
   * `feedback-card` chunk's question by default (tests inject their own).
   */
  askFeedback?: () => Promise<FeedbackAnswer | null>;
}
