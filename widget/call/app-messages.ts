import { LISTENING_SIGNAL } from './call-constants.ts';
import type { ClientMessage, UnknownClientMessage } from './message-types.ts';

/** What one room app-message means to the client. */
export type ParsedAppMessage =
  | { kind: 'listening' }
  | { kind: 'message'; message: ClientMessage | UnknownClientMessage }
  | { kind: 'invalid'; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns a room app-message's `data` into what it means (pure; no logging here).
 * - The bare text `listening` is the server's call-start signal (docs/behaviour.md#states).
 * - Otherwise the data is JSON text (or an already-parsed object) with a string `type`.
 * - Anything else is `invalid`, with a reason the caller logs before dropping it.
 * A message with an unknown `type` is still a `message`: it is passed on, never a crash.
 */
export function parseAppMessage(data: unknown): ParsedAppMessage {
  if (data === LISTENING_SIGNAL) {
    return { kind: 'listening' };
  }
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return { kind: 'invalid', reason: 'not JSON' };
    }
  }
  if (!isRecord(value)) {
    return { kind: 'invalid', reason: 'not an object' };
  }
  if (typeof value.type !== 'string' || value.type === '') {
    return { kind: 'invalid', reason: 'no string "type"' };
  }
  return { kind: 'message', message: value as ClientMessage | UnknownClientMessage };
}

/** True for docs/behaviour.md#web-call's `status-update` with status `ended`. */
export function isEndedStatus(message: object): boolean {
  const record = message as Record<string, unknown>;
  return record.type === 'status-update' && record.status === 'ended';
}
