import type { DailyEvent, DailyEventObject, DailyParticipant } from '@daily-co/daily-js';
import type { DemoServerMessage } from './server-messages.ts';

/** A listener of one daily-js event. */
export type Handler<T extends DailyEvent> = (event: DailyEventObject<T>) => void;

/** An event's payload without the two fields every daily-js event carries. */
export type EventPayload<T extends DailyEvent> = Omit<
  DailyEventObject<T>,
  'action' | 'callClientId'
>;

/**
 * daily-js's `on`/`off` event surface for the demo room. Payloads are typed with daily-js's own
 * `DailyEventObject<T>`, so an event the demo emits in the wrong shape does not compile.
 *
 * Like daily-js, events are delivered asynchronously (daily-js posts them from its call
 * machine), in the order they were emitted. A handler that throws is reported as an uncaught
 * error of the page and does not stop the other handlers.
 */
export class DailyEventHub {
  readonly #handlers = new Map<DailyEvent, Set<Handler<DailyEvent>>>();
  readonly #callClientId: string;

  constructor(callClientId: string) {
    this.#callClientId = callClientId;
  }

  on<T extends DailyEvent>(event: T, handler: Handler<T>): void {
    const set = this.#handlers.get(event) ?? new Set();
    set.add(handler as Handler<DailyEvent>);
    this.#handlers.set(event, set);
  }

  off<T extends DailyEvent>(event: T, handler: Handler<T>): void {
    this.#handlers.get(event)?.delete(handler as Handler<DailyEvent>);
  }

  /** How many handlers are registered, over all events. */
  get size(): number {
    let total = 0;
    for (const set of this.#handlers.values()) {
      total += set.size;
    }
    return total;
  }

  /** Delivers `payload` to the handlers of `event` on the next microtask. */
  emit<T extends DailyEvent>(event: T, payload: EventPayload<T>): void {
    const object = { ...payload, action: event, callClientId: this.#callClientId };
    queueMicrotask(() => {
      for (const handler of [...(this.#handlers.get(event) ?? [])]) {
        try {
          handler(object as DailyEventObject<DailyEvent>);
        } catch (error) {
          report(error);
        }
      }
    });
  }
}

/** Surfaces a handler's exception as the page's uncaught error without breaking the loop. */
function report(error: unknown): void {
  if (typeof reportError === 'function') {
    reportError(error);
  } else {
    setTimeout(() => {
      throw error;
    });
  }
}

/**
 * How the room ends when the platform ends the call: the assistant's track stops, it leaves,
 * then the room ejects the visitor (`error` of type `ejected`, "Meeting has ended"). The call
 * client takes an ejection after the ended status as a normal end.
 */
export function emitServerHangUp(hub: DailyEventHub, assistant: DailyParticipant): void {
  const track = assistant.tracks.audio.track;
  if (track) {
    hub.emit('track-stopped', { participant: assistant, track, type: 'audio' });
  }
  hub.emit('participant-left', { participant: assistant });
  hub.emit('error', {
    errorMsg: 'Meeting has ended',
    error: { type: 'ejected', msg: 'Meeting has ended' },
  });
}

/** An app-message from the assistant: the bare `listening` signal, or a JSON message. */
export function emitAssistantMessage(
  hub: DailyEventHub,
  assistantId: string,
  message: 'listening' | DemoServerMessage,
): void {
  const data = message === 'listening' ? message : JSON.stringify(message);
  hub.emit('app-message', { data, fromId: assistantId });
}
