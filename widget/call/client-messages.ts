import { APP_MESSAGE_MAX_CHARS } from './call-constants.ts';
import { CallError } from './call-error.ts';
import type { ClientInboundMessage, SayMessage } from './message-types.ts';

/**
 * Serialises a message for the room and checks the room's 4 KB limit first, so an oversize
 * message is a clear `message-too-large` error instead of an exception deep inside daily-js.
 * daily-js measures `JSON.stringify(data).length` of what it is given; we hand it a JSON string,
 * so the measure is that string's own JSON form.
 */
export function serializeClientMessage(message: ClientInboundMessage): string {
  const text = JSON.stringify(message);
  const measured = JSON.stringify(text).length;
  if (measured > APP_MESSAGE_MAX_CHARS) {
    throw CallError.messageTooLarge(measured);
  }
  return text;
}

/** Builds docs/behaviour.md#web-call's `say` message; both interruption flags default to false. */
export function sayMessage(
  message: string,
  endCallAfterSpoken?: boolean,
  interruptionsEnabled?: boolean,
  interruptAssistantEnabled?: boolean,
): SayMessage {
  return {
    type: 'say',
    message,
    ...(endCallAfterSpoken !== undefined && { endCallAfterSpoken }),
    interruptionsEnabled: interruptionsEnabled ?? false,
    interruptAssistantEnabled: interruptAssistantEnabled ?? false,
  };
}
