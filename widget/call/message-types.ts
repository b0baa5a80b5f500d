import type { components } from '../api/generated/vapi.d.ts';

type Schemas = components['schemas'];

/** Makes the keys `K` of `T` optional (openapi-typescript marks fields with defaults required). */
type WithOptional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

// ---- Server → client: the platform's `ClientMessage*` schemas, and docs/behaviour.md#messages' status-update. ----

/** docs/behaviour.md#web-call: "status-update carries status and endedReason". */
export interface StatusUpdateMessage {
  type: 'status-update';
  status: string;
  endedReason?: string;
  [key: string]: unknown;
}

/** Every typed message the assistant sends during a call, discriminated by `type`. */
export type ClientMessage = Schemas['ClientMessage']['message'] | StatusUpdateMessage;

/**
 * A well-formed message whose `type` this client does not know yet (the platform adds types
 * over time). It is passed on as `message` rather than dropped.
 */
export interface UnknownClientMessage {
  type: string;
  [key: string]: unknown;
}

// ---- Client → server: the platform's `ClientInboundMessage*` schemas, as docs/behaviour.md#messages sends them. ----

/** Adds a message to the conversation; `triggerResponseEnabled` defaults to true. */
export type AddMessage = WithOptional<
  Schemas['ClientInboundMessageAddMessage'],
  'triggerResponseEnabled'
>;

/**
 * Controls the assistant. docs/behaviour.md#web-call: `say-first-message` carries
 * `videoRecordingStartDelaySeconds`.
 */
export type ControlMessage = Schemas['ClientInboundMessageControl'] & {
  videoRecordingStartDelaySeconds?: number;
};

/**
 * Makes the assistant say something. docs/behaviour.md#web-call: the web call's `say` carries `message`,
 * `endCallAfterSpoken`, `interruptionsEnabled` and `interruptAssistantEnabled` (the REST schema
 * names the text `content`; the web call uses `message`).
 */
export type SayMessage = WithOptional<
  Omit<Schemas['ClientInboundMessageSay'], 'content' | 'type'>,
  'interruptAssistantEnabled'
> & { type: 'say'; message: string };

/** Ends the call from the client. */
export type EndCallMessage = Schemas['ClientInboundMessageEndCall'];

/** Transfers the call to a destination. */
export type TransferMessage = Schemas['ClientInboundMessageTransfer'];

/** Everything `send()` accepts, discriminated by `type`. */
export type ClientInboundMessage =
  | AddMessage
  | ControlMessage
  | SayMessage
  | EndCallMessage
  | TransferMessage;
