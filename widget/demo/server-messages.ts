import type { components } from '../api/generated/vapi.d.ts';

type Schemas = components['schemas'];

/** The reasons the demo ends a call with (values of the spec's `endedReason` enum). */
export type DemoEndedReason = Extract<
  NonNullable<Schemas['ServerMessageStatusUpdate']['endedReason']>,
  | 'assistant-said-end-call-phrase'
  | 'assistant-ended-call-after-message-spoken'
  | 'customer-ended-call'
>;

/** SPEC §3 `status-update`, typed against the platform's own schema. */
export type StatusUpdate = Pick<Schemas['ServerMessageStatusUpdate'], 'type' | 'status'> & {
  endedReason?: DemoEndedReason;
};

/** The platform's `transcript` message (partial or final, assistant or visitor). */
export type Transcript = Pick<
  Schemas['ClientMessageTranscript'],
  'type' | 'role' | 'transcriptType' | 'transcript' | 'timestamp'
>;

/** The platform's `speech-update` message: someone started or stopped speaking. */
export type SpeechUpdate = Pick<
  Schemas['ClientMessageSpeechUpdate'],
  'type' | 'status' | 'role' | 'turn' | 'timestamp'
>;

/** Everything the demo assistant sends into the room as an app-message. */
export type DemoServerMessage = StatusUpdate | Transcript | SpeechUpdate;

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

/** A `speech-update`; `turn` counts the conversation's turns from 0. */
export function speechUpdate(
  role: Role,
  status: SpeechUpdate['status'],
  turn: number,
  timestamp: number,
): SpeechUpdate {
  return { type: 'speech-update', status, role, turn, timestamp };
}
