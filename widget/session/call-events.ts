import type { CallClient } from '../call/call-client.ts';
import type { CallError } from '../call/call-error.ts';
import type { CallState } from '../call/call-state.ts';
import type { CallEventName, CallEvents } from '../call/events.ts';
import {
  dispatchWidgetEvent,
  type WidgetServerMessage,
} from '../element/after-intent/dom-events.ts';

/** What the call controller does with a call client's events. */
export interface CallEventSink {
  state(state: CallState): void;
  /** The call ended (after its `call-end`). */
  ended(): void;
  speech(speaking: boolean): void;
  volume(volume: number): void;
  message(message: object): void;
  error(error: CallError): void;
}

/**
 * Hands `client`'s events to `sink` and re-dispatches the public ones from `host` as
 * `voice-assistant:*` DOM events (docs/element.md). Returns the detach.
 */
export function relayCallEvents(
  client: CallClient,
  host: HTMLElement,
  sink: CallEventSink,
): () => void {
  const handlers: { [K in CallEventName]?: CallEvents[K] } = {
    'state-change': sink.state,
    'call-start': () => dispatchWidgetEvent(host, 'voice-assistant:call-start', null),
    'call-end': () => {
      sink.ended();
      dispatchWidgetEvent(host, 'voice-assistant:call-end', null);
    },
    'speech-start': () => {
      sink.speech(true);
      dispatchWidgetEvent(host, 'voice-assistant:speech-start', null);
    },
    'speech-end': () => {
      sink.speech(false);
      dispatchWidgetEvent(host, 'voice-assistant:speech-end', null);
    },
    'volume-level': sink.volume,
    message: (message) => {
      sink.message(message);
      dispatchWidgetEvent(host, 'voice-assistant:message', message as WidgetServerMessage);
    },
    error: sink.error,
  };
  const entries = Object.entries(handlers) as Array<[CallEventName, CallEvents[CallEventName]]>;
  for (const [event, handler] of entries) {
    client.on(event, handler);
  }
  return () => {
    for (const [event, handler] of entries) {
      client.off(event, handler);
    }
  };
}
