import type { ChatTranscriptSource } from '../../../leads/chat-transcript.ts';
import type { SpokenLine } from '../../../leads/conversation-delivery.ts';

/**
 * The typed chat's own lines, for its transcript (docs/behaviour.md#leads): the visitor's typed
 * lines and the assistant's typed replies, keyed by their entry in the chat box, so a line sent
 * again after a failure is kept once. Spoken lines belong to their call's transcript, not here.
 */
export class ChatLog implements ChatTranscriptSource {
  readonly #lines = new Map<number, SpokenLine>();
  readonly #endListeners = new Set<() => void>();

  /** Keeps entry `id`'s line (replacing it when it was kept before). */
  record(id: number, line: SpokenLine): void {
    this.#lines.set(id, line);
  }

  /** Forgets entry `id` (a typed line that did not reach the assistant). */
  drop(id: number): void {
    this.#lines.delete(id);
  }

  lines(): readonly SpokenLine[] {
    return [...this.#lines.values()];
  }

  onEnd(listener: () => void): () => void {
    this.#endListeners.add(listener);
    return () => this.#endListeners.delete(listener);
  }

  /** The visitor closed the chat. */
  end(): void {
    for (const listener of this.#endListeners) {
      listener();
    }
  }
}
