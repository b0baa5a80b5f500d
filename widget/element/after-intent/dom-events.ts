import type {
  CallbackRequest,
  LeadCapture,
  LeadDeliveryDetail,
  ViewingCapture,
} from '../lead-details.ts';

/** The three states the visitor sees (docs/behaviour.md#states, demo page). */
export type WidgetState = 'idle' | 'connecting' | 'active';

/** A message from the assistant's server (transcripts, status updates, …), tagged by `type`. */
export interface WidgetServerMessage {
  type: string;
  [field: string]: unknown;
}

/** Detail of `voice-assistant:error`. */
export interface WidgetErrorDetail {
  /** Machine-readable code, e.g. `microphone-denied` or `daily-call-join-error`. */
  code: string;
  /** What happened and what to do next, as shown in the element's status line. */
  message: string;
  /** The start stage that failed, when the error came from starting a call. */
  stage: string | undefined;
  /**
   * The call layer's verdict: `true` when the call goes on (an optional step such as noise
   * cancellation failed), `false` when the call did not start or has ended.
   */
  recoverable: boolean;
}

/** Detail of `voice-assistant:consent`: which disclosure was agreed to, and when. */
export interface WidgetConsentDetail {
  /** A hash of the `consent` text: a changed text is a new version and is asked again. */
  version: string;
  /** When the visitor agreed, as an ISO 8601 timestamp. */
  acceptedAt: string;
}

/**
 * Every DOM event the element dispatches, with its detail. All of them bubble and are
 * composed, so a listener on `document` hears them from any shadow tree.
 */
export interface WidgetEventDetails {
  /** The visible state changed: idle → connecting → active, and back to idle. */
  'voice-assistant:state-change': { state: WidgetState };
  /** The assistant is listening: the conversation has started. */
  'voice-assistant:call-start': null;
  /** The call ended (stopped by the visitor, by the assistant, or after an error). */
  'voice-assistant:call-end': null;
  /** The assistant started speaking. */
  'voice-assistant:speech-start': null;
  /** The assistant stopped speaking (1 s after its voice last rose above the threshold). */
  'voice-assistant:speech-end': null;
  /** A server message: transcripts, status updates and anything else with a `type`. */
  'voice-assistant:message': WidgetServerMessage;
  /** Something failed; the element is back to idle and shows the message. */
  'voice-assistant:error': WidgetErrorDetail;
  /**
   * The visitor agreed to the `consent` disclosure (once per agreement, before the call or chat
   * it allowed starts). The same two values go with the call and chat in the assistant
   * overrides' `metadata.consent`.
   */
  'voice-assistant:consent': WidgetConsentDetail;
  /**
   * The assistant captured a qualified lead (`capture_lead`). Cancelable: `preventDefault()`
   * means the host delivers it, and the widget does not POST it to `lead-endpoint`.
   */
  'voice-assistant:lead': LeadCapture;
  /** The assistant captured a viewing request (`request_viewing`). Cancelable, like `lead`. */
  'voice-assistant:viewing-request': ViewingCapture;
  /**
   * How a capture's delivery to `lead-endpoint` went: `queued` after a try that did not
   * deliver, then `delivered` or `failed` (or `queued` when kept on the device for the next
   * page load). Keyed by `idempotencyKey`; the reason never carries personal data.
   */
  'voice-assistant:lead-delivery': LeadDeliveryDetail;
  /**
   * The visitor asked for a person with "Talk to a person": "Call me now" (`urgent`) or "Call me
   * back" at an opening (`requestedTime`), or, without `lead-endpoint`, was offered the office's
   * number only (`fields: null`). With fields it is cancelable: `preventDefault()` means the host
   * delivers it, and the widget does not POST it to `lead-endpoint`.
   */
  'voice-assistant:callback': CallbackRequest;
}

export type WidgetEventName = keyof WidgetEventDetails;

/** The typed `CustomEvent` for one widget event name. */
export type WidgetEvent<K extends WidgetEventName> = CustomEvent<WidgetEventDetails[K]>;

declare global {
  interface GlobalEventHandlersEventMap {
    'voice-assistant:state-change': WidgetEvent<'voice-assistant:state-change'>;
    'voice-assistant:call-start': WidgetEvent<'voice-assistant:call-start'>;
    'voice-assistant:call-end': WidgetEvent<'voice-assistant:call-end'>;
    'voice-assistant:speech-start': WidgetEvent<'voice-assistant:speech-start'>;
    'voice-assistant:speech-end': WidgetEvent<'voice-assistant:speech-end'>;
    'voice-assistant:message': WidgetEvent<'voice-assistant:message'>;
    'voice-assistant:error': WidgetEvent<'voice-assistant:error'>;
    'voice-assistant:consent': WidgetEvent<'voice-assistant:consent'>;
    'voice-assistant:lead': WidgetEvent<'voice-assistant:lead'>;
    'voice-assistant:viewing-request': WidgetEvent<'voice-assistant:viewing-request'>;
    'voice-assistant:lead-delivery': WidgetEvent<'voice-assistant:lead-delivery'>;
    'voice-assistant:callback': WidgetEvent<'voice-assistant:callback'>;
  }
}

/**
 * Dispatches a widget event from `target`; always bubbling and composed. Returns `false` when a
 * listener called `preventDefault()` on a `cancelable` one.
 */
export function dispatchWidgetEvent<K extends WidgetEventName>(
  target: EventTarget,
  name: K,
  detail: WidgetEventDetails[K],
  cancelable = false,
): boolean {
  return target.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }),
  );
}
