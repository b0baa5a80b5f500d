import type { ToolResultMessage } from '../../../leads/tool-result.ts';
import type { ToolCallChannel } from '../../../leads/watch/tool-call-channel.ts';
import { ChatLog } from './chat-log.ts';

/**
 * Typed chat as a tool-call channel (docs/behaviour.md#leads): the lead wiring subscribes to it
 * as it does to a voice call. `emit` hands it a `tool-calls` message; the results it sends back
 * (`add-message`, role `tool`) go to `collect` (set by `runTools` in chat-tools.ts while it waits).
 * Made with the first typed line (chat-delivery.ts).
 */
export class ChatToolChannel implements ToolCallChannel {
  readonly #listeners = new Set<(message: unknown) => void>();
  /** Takes each tool result sent back, while tool calls are waited on. */
  collect: ((toolCallId: string, content: string) => void) | null = null;
  /** The chat id (or the offline demo's), read by the lead wiring at capture time. */
  id: string | null = null;
  /** The chat's typed lines and its close, for its transcript. */
  readonly chat = new ChatLog();

  subscribe(listener: (message: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether the lead wiring is listening (it is given back to the call during one). */
  get listening(): boolean {
    return this.#listeners.size > 0;
  }

  send(message: ToolResultMessage): void {
    this.collect?.(message.message.tool_call_id, message.message.content);
  }

  conversationId(): string | null {
    return this.id;
  }

  /** Hands `message` to every listener. */
  emit(message: unknown): void {
    for (const listener of this.#listeners) {
      listener(message);
    }
  }
}
