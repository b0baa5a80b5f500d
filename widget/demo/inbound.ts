import { PLAYABLE_SIGNAL } from '../call/call-constants.ts';

/** What a message the client sent into the room asks of the demo assistant. */
export type InboundRequest =
  | { kind: 'playable' }
  | { kind: 'say'; text: string; endCallAfterSpoken: boolean; interruptAssistant: boolean }
  | { kind: 'control'; control: string }
  | { kind: 'end-call' }
  | { kind: 'tool-result'; toolCallId: string; content: string }
  | { kind: 'add-message'; text: string; triggerResponse: boolean }
  | { kind: 'ignored'; type: string };

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an app-message the client sent (`sendAppMessage(data)`), as the platform's server
 * would: the bare text `playable`, or a JSON object (text or already parsed) with a `type`.
 * `say` takes its text from `message` (the web call's field) or `content` (the REST schema's);
 * an `add-message` with role `tool` is a tool result.
 * Pure; returns `null` for data that is not a message at all.
 */
export function parseInbound(data: unknown): InboundRequest | null {
  if (data === PLAYABLE_SIGNAL) {
    return { kind: 'playable' };
  }
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!isRecord(value) || typeof value.type !== 'string') {
    return null;
  }
  switch (value.type) {
    case 'say': {
      const text = typeof value.message === 'string' ? value.message : value.content;
      if (typeof text !== 'string') {
        return null;
      }
      return {
        kind: 'say',
        text,
        endCallAfterSpoken: value.endCallAfterSpoken === true,
        interruptAssistant: value.interruptAssistantEnabled === true,
      };
    }
    case 'control':
      return typeof value.control === 'string' ? { kind: 'control', control: value.control } : null;
    case 'end-call':
      return { kind: 'end-call' };
    case 'add-message': {
      // A tool result: role `tool` with the id of the call it answers (docs/behaviour.md#leads).
      const message = isRecord(value.message) ? value.message : null;
      if (
        message?.role === 'tool' &&
        typeof message.tool_call_id === 'string' &&
        typeof message.content === 'string'
      ) {
        return { kind: 'tool-result', toolCallId: message.tool_call_id, content: message.content };
      }
      // A typed line from the visitor (docs/behaviour.md#chat): `{ role: 'user', content }`.
      if (message?.role === 'user' && typeof message.content === 'string') {
        return {
          kind: 'add-message',
          text: message.content,
          triggerResponse: value.triggerResponseEnabled !== false,
        };
      }
      return { kind: 'ignored', type: value.type };
    }
    default:
      return { kind: 'ignored', type: value.type };
  }
}
