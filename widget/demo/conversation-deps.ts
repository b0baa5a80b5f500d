import type { ConversationAudio } from './audio-engine.ts';
import type { DemoHost } from './host-names.ts';
import type { Turn } from './script.ts';
import type { DemoEndedReason, DemoServerMessage } from './server-messages.ts';
import type { LineVoice } from './synth-voice.ts';

/** What the conversation needs from the room around it. */
export interface ConversationDeps {
  audio: ConversationAudio;
  /** Sends an app-message from the assistant: the bare `listening` signal or a JSON message. */
  send(message: 'listening' | DemoServerMessage): void;
  /** Closes the room after the assistant ended the call (the ended status is already sent). */
  hangUp(reason: DemoEndedReason): void;
  /** Wall clock in ms, for message timestamps and turn taking. */
  now?: () => number;
  script?: readonly Turn[];
  /**
   * Says every line when the script has its own `lines` (a host's listing): the recordings do
   * not say them, and one call never mixes two voices.
   */
  voice?: LineVoice;
  /** The host page's listing, for the answers to typed questions. */
  host?: DemoHost;
  /** Ids for the assistant's tool calls; `demo-tool-call-1`, `-2`… by default. */
  newToolCallId?: () => string;
  /**
   * The assistant's lines the visitor already heard on an earlier page (a resumed call,
   * docs/behaviour.md#resume): the script goes on from the visitor's answer to the last turn
   * heard whole, instead of greeting again.
   */
  heardLines?: number;
}
