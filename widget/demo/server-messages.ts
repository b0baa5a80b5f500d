import type { components } from '../api/generated/vapi.d.ts';

type Schemas = components['schemas'];

/** The reasons the demo ends a call with (values of the platform's `endedReason` enum). */
export type DemoEndedReason = Extract<
  NonNullable<Schemas['ServerMessageStatusUpdate']['endedReason']>,
  | 'assistant-said-end-call-phrase'
  | 'assistant-ended-call-after-message-spoken'
  | 'customer-ended-call'
>;

/** docs/behaviour.md#web-call `status-update`, typed against the platform's own schema. */
export type StatusUpdate = Pick<Schemas['ServerMessageStatusUpdate'], 'type' | 'status'> & {
  endedReason?: DemoEndedReason;
};

/**
 * The platform's `transcript` message (partial or final, assistant or visitor). The demo's own
 * `sample: true` marks a scripted visitor line, shown as the sample visitor's, never as "You".
 */
export type Transcript = Pick<
  Schemas['ClientMessageTranscript'],
  'type' | 'role' | 'transcriptType' | 'transcript' | 'timestamp'
> & { sample?: true };

/** The platform's `speech-update` message: someone started or stopped speaking. */
export type SpeechUpdate = Pick<
  Schemas['ClientMessageSpeechUpdate'],
  'type' | 'status' | 'role' | 'turn' | 'timestamp'
>;

/** The platform's `tool-calls` message for client tools (function tools without a server URL). */
export type ToolCalls = Pick<
  Schemas['ClientMessageToolCalls'],
  'toolCallList' | 'toolWithToolCallList' | 'timestamp'
> & { type: 'tool-calls' };

/** Everything the demo assistant sends into the room as an app-message. */
export type DemoServerMessage = StatusUpdate | Transcript | SpeechUpdate | ToolCalls;

/** Who is speaking. */
export type Role = Transcript['role'];

/** `status-update` with status `in-progress`. */
export function inProgress(): StatusUpdate {
  return { type: 'status-update', status: 'in-progress' };
}

/** `status-update` with status `ended` and its reason. */
export function ended(endedReason: DemoEndedReason): StatusUpdate {
  return { type: 'status-update', status: 'ended', endedReason };
}

/** A partial or final `transcript`. */
export function transcript(
  role: Role,
  transcriptType: Transcript['transcriptType'],
  text: string,
  timestamp: number,
): Transcript {
  return { type: 'transcript', role, transcriptType, transcript: text, timestamp };
}

/** A scripted visitor line: a visitor `transcript` marked as a sample (see {@link Transcript}). */
export function sampleVisitorTranscript(
  transcriptType: Transcript['transcriptType'],
  text: string,
  timestamp: number,
): Transcript {
  return { ...transcript('user', transcriptType, text, timestamp), sample: true };
}

/** A `speech-update`; `turn` counts the conversation's turns from 0. */
export function speechUpdate(
  role: Role,
  status: SpeechUpdate['status'],
  turn: number,
  timestamp: number,
): SpeechUpdate {
  return { type: 'speech-update', status, role, turn, timestamp };
}

/**
 * A `tool-calls` message, shaped as the platform sends it: each call in `toolCallList` with
 * its arguments as JSON text, and again in `toolWithToolCallList` next to its tool.
 */
export function toolCalls(
  calls: readonly { id: string; name: string; arguments: object }[],
  timestamp: number,
): ToolCalls {
  const toolCallList = calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  return {
    type: 'tool-calls',
    toolCallList,
    toolWithToolCallList: toolCallList.map((toolCall) => ({
      type: 'function' as const,
      function: { name: toolCall.function.name },
      toolCall,
    })),
    timestamp,
  };
}
