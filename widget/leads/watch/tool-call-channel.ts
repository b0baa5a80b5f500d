import type { CallClient } from '../../call/call-client.ts';
import type { ChatTranscriptSource } from '../chat-transcript.ts';
import type { ToolResultMessage } from '../tool-result.ts';

/** Where one conversation's tool results go, and who the conversation is. */
export interface ToolCallChannel {
  /** Calls `listener` with each assistant message (`tool-calls` and others); returns an unsubscribe. */
  subscribe(listener: (message: unknown) => void): () => void;
  /** Sends a tool result (an `add-message` with role `tool`) back into the conversation. */
  send(message: ToolResultMessage): void;
  /** The conversation id (call id or chat id), once the platform has given one. */
  conversationId(): string | null;
  /** A typed chat's lines and its close (absent on a call, whose end is `conversationEnded`). */
  readonly chat?: ChatTranscriptSource;
}

/** A voice call as a tool-call channel: its messages in, `send` out, the call id as the id. */
export function callChannel(client: CallClient): ToolCallChannel {
  let callId: string | null = null;
  return {
    subscribe(listener) {
      const onStarted = (result: { callId: string | undefined }) => {
        callId = result.callId ?? null;
      };
      client.on('call-start-success', onStarted);
      client.on('message', listener);
      return () => {
        client.off('call-start-success', onStarted);
        client.off('message', listener);
      };
    },
    send: (message) => client.send(message),
    conversationId: () => callId,
  };
}
