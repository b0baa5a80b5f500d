/**
 * The public surface of the `<voice-assistant>` element (`<package>/element`), listed once: the
 * package's surface (`package-surface.ts`), the bundle entry (`bundle.ts`) and the bundle's
 * `voice-assistant.d.ts` all re-export this file. Importing it has no side effects and touches no
 * DOM global.
 *
 * @packageDocumentation
 */

/**
 * The element's DOM events (`voice-assistant:state-change`, `:call-start`, `:call-end`,
 * `:speech-start`, `:speech-end`, `:message`, `:error`, `:consent`, `:lead`, `:viewing-request`):
 * names, detail types and the widget state. All bubble and are composed, and are declared in
 * `GlobalEventHandlersEventMap`.
 */
export type {
  WidgetConsentDetail,
  WidgetErrorDetail,
  WidgetEvent,
  WidgetEventDetails,
  WidgetEventName,
  WidgetServerMessage,
  WidgetState,
} from '../element/after-intent/dom-events.ts';
/** An attribute name of `<voice-assistant>`, a display mode, and the three button labels. */
export type { AttributeName, Labels, Mode } from '../element/attributes.ts';
/** The element's attributes, declared once; the observed attributes and TS types derive from this list. */
export { ATTRIBUTES } from '../element/attributes.ts';
/** Call options a host may set on the element (`el.callOptions`), and its imperative API. */
export type { CallOptionsOverride, WidgetController } from '../element/bridge.ts';
/** Thrown by the element's `setMuted`, `isMuted` and `say` when no call is active. */
export { VoiceAssistantError } from '../element/voice-assistant-error.ts';
/**
 * The element class behind `<voice-assistant>`: methods `start()`, `stop()`, `setMuted()`,
 * `isMuted()`, `say()`, and the `callOptions` property for custom transports.
 */
export { VoiceAssistantElement } from '../loader/voice-assistant-element.ts';
/**
 * Registers `<voice-assistant>` (or another tag). Idempotent: a second call, or a second copy of
 * the script, is a no-op when the same version is registered; a different version already
 * registered is kept, with one warning naming both.
 */
export { defineVoiceAssistant } from './define-element.ts';

// ---------------------------------------------------------------------------------------------
// Leads (docs/behaviour.md#leads): the details of the lead events, for the bundle's types too
// ---------------------------------------------------------------------------------------------

/**
 * What `voice-assistant:callback` carries ("Talk to a person", docs/behaviour.md#talk-to-a-person),
 * and the JSON body posted to `lead-endpoint` as `kind: 'callback'`.
 */
export type { CallbackFields, CallbackRequest } from '../element/lead-details.ts';
/**
 * What `voice-assistant:lead` and `voice-assistant:viewing-request` carry, and the JSON body
 * posted to `lead-endpoint`: the checked fields, the page's listing, `conversationId`,
 * `capturedAt` and the `idempotencyKey` that makes a second arrival harmless.
 */
export type {
  Capture,
  ConsentEvidence,
  LeadCapture,
  ViewingCapture,
} from '../leads/capture.ts';
/** What `voice-assistant:lead-delivery` carries: a capture's delivery status, by its key. */
export type { LeadDeliveryDetail } from '../leads/delivery-report.ts';

/**
 * The listing a conversation is about (from the `listing-*` attributes and, with
 * `listing="auto"`, the page's JSON-LD), and the variables an assistant prompt can use
 * (`{{listing_address}}`, `{{listing_price}}`, `{{listing_id}}`, `{{listing_url}}`,
 * `{{agent_name}}`, `{{page_url}}`).
 */
export type { ListingContext, ListingVariables } from '../leads/page/listing-context.ts';

/** The fields of `capture_lead` and `request_viewing`, as validated, and the lead's intent. */
export type { LeadFields, LeadIntent, ViewingFields } from '../leads/rules/lead-fields.ts';
