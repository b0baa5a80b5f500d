import type { components } from '../api/generated/vapi.d.ts';

/** The platform's `tool-calls` client message (a function tool without a server URL). */
export type ToolCallsMessage = components['schemas']['ClientMessageToolCalls'];

/** One tool call the assistant asked the page to run. */
export interface ToolCallRequest {
  /** The platform's id for this call; the tool result must carry it back. */
  readonly id: string;
  /** The function's name (`capture_lead`…). */
  readonly name: string;
  /** The arguments as an object, or `null` when they were not a JSON object. */
  readonly arguments: Readonly<Record<string, unknown>> | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Arguments arrive as JSON text (the schema's type) or, from some models, already parsed. */
function readArguments(raw: unknown): Record<string, unknown> | null {
  let value = raw;
  if (raw === undefined || raw === null) {
    return {};
  }
  if (typeof raw === 'string') {
    if (raw.trim() === '') {
      return {};
    }
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return isRecord(value) ? value : null;
}

function readToolCall(value: unknown): ToolCallRequest | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') {
    return null;
  }
  const fn = value.function;
  if (!isRecord(fn) || typeof fn.name !== 'string') {
    return null;
  }
  return { id: value.id, name: fn.name, arguments: readArguments(fn.arguments) };
}

/**
 * Reads the tool calls out of a client message (pure). Returns `null` when the message is not
 * `tool-calls`. Calls come from `toolCallList`, or from each `toolWithToolCallList` item's
 * `toolCall` when the list is missing; a call without an id or a function name is skipped, and
 * the same id is listed once.
 */
export function parseToolCalls(message: unknown): ToolCallRequest[] | null {
  if (!isRecord(message) || message.type !== 'tool-calls') {
    return null;
  }
  const list = Array.isArray(message.toolCallList)
    ? message.toolCallList
    : Array.isArray(message.toolWithToolCallList)
      ? message.toolWithToolCallList.map((item) => (isRecord(item) ? item.toolCall : null))
      : [];
  const calls: ToolCallRequest[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    const call = readToolCall(item);
    if (call && !seen.has(call.id)) {
      seen.add(call.id);
      calls.push(call);
    }
  }
  return calls;
}
