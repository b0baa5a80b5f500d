import type { components } from '../api/generated/vapi.d.ts';
import type { Lenient, WebCallBody, WebCallResponse } from '../api/supplement.ts';
import { AVATAR_VOICE_PROVIDERS } from './call-constants.ts';
import { CallError } from './call-error.ts';

type Schemas = components['schemas'];

export type { Lenient, WebCallBody, WebCallResponse };

/**
 * What to talk to: at least one of `assistant`, `squad` or `workflow`. A string is sent as an
 * id (`assistantId`…), an object inline (docs/behaviour.md#web-call).
 */
export interface StartCallInput {
  assistant?: string | Lenient<Schemas['CreateAssistantDTO']>;
  squad?: string | Lenient<Schemas['CreateSquadDTO']>;
  workflow?: string | Lenient<Schemas['CreateWorkflowDTO']>;
  assistantOverrides?: Lenient<Schemas['AssistantOverrides']>;
  workflowOverrides?: Lenient<Schemas['WorkflowOverrides']>;
  /**
   * A microphone stream the host already obtained inside the user's gesture. The client then
   * skips its own preflight, and it owns the stream: its tracks are stopped when the call ends.
   */
  microphone?: MediaStream;
}

/** What the client needs from a web call to build and join the room. */
export interface RoomPlan {
  callId: string | undefined;
  url: string;
  token: string | undefined;
  videoRecording: boolean;
  voiceProvider: string | undefined;
  /** Video from an avatar voice provider is subscribed and passed on. */
  avatarVideo: boolean;
}

type Target = NonNullable<StartCallInput['assistant' | 'squad' | 'workflow']>;

/**
 * The target as it is sent: an id trimmed, an inline object as it is, and `undefined` for
 * anything else, including an id that is blank after trimming (docs/behaviour.md#validation).
 */
function target(value: unknown): Target | undefined {
  if (typeof value === 'string') {
    const id = value.trim();
    return id === '' ? undefined : id;
  }
  return value !== null && typeof value === 'object' ? (value as Target) : undefined;
}

const TARGETS = ['assistant', 'squad', 'workflow'] as const;

/** A start needs at least one of assistant, squad or workflow (docs/behaviour.md#validation). */
export function hasCallTarget(input: StartCallInput | undefined): boolean {
  return !!input && TARGETS.some((key) => target(input[key]) !== undefined);
}

/** A string value becomes `…Id`, an object goes inline; absent fields are omitted. */
export function buildWebCallBody(input: StartCallInput): WebCallBody {
  const payload: Record<string, unknown> = {};
  for (const key of TARGETS) {
    const value = target(input[key]);
    if (value !== undefined) {
      payload[typeof value === 'string' ? `${key}Id` : key] = value;
    }
  }
  for (const key of ['assistantOverrides', 'workflowOverrides'] as const) {
    if (input[key]) {
      payload[key] = input[key];
    }
  }
  return payload as WebCallBody;
}

/** What is being started, for stage details and failure context. */
export function describeInput(input: StartCallInput) {
  return {
    hasAssistant: target(input.assistant) !== undefined,
    hasSquad: target(input.squad) !== undefined,
    hasWorkflow: target(input.workflow) !== undefined,
    microphone: input.microphone ? ('provided' as const) : ('preflight' as const),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Reads the room from a web-call response: `webCallUrl`, falling back to `transport.callUrl`,
 * plus `transport.callToken` when present. A response without a room URL is a
 * `web-call-creation-error`: there is nothing to join.
 */
export function readWebCall(response: WebCallResponse): RoomPlan {
  const transport = (response.transport ?? {}) as Record<string, unknown>;
  const url = text(response.webCallUrl) ?? text(transport.callUrl);
  if (!url) {
    throw CallError.forStage('web-call-creation', 'the response has no room URL');
  }
  const voiceProvider = text(response.assistant?.voice?.provider);
  return {
    callId: text(response.id),
    url,
    token: text(transport.callToken),
    videoRecording: response.artifactPlan?.videoRecordingEnabled === true,
    voiceProvider,
    avatarVideo: voiceProvider !== undefined && AVATAR_VOICE_PROVIDERS.includes(voiceProvider),
  };
}
