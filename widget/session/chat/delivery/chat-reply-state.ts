import {
  appendEntry,
  type ChatState,
  type ChatThread,
  entryById,
  type TranscriptEntry,
} from '../chat-state.ts';

/*
 * The chat state changes a reply makes (docs/behaviour.md#chat), pure. Apart from chat-state.ts
 * because they load with the replies (chat-delivery.ts), at the first typed line.
 */

/** Changes the text (and whether it is still partial) of line `id`. */
export function updateEntry(
  state: ChatState,
  id: number,
  change: Pick<TranscriptEntry, 'text'> & { partial?: boolean },
): ChatState {
  return {
    ...state,
    entries: state.entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)),
  };
}

/** Drops line `id` (a streamed reply cut off before its end: the retry brings it whole). */
export function removeEntry(state: ChatState, id: number): ChatState {
  return { ...state, entries: state.entries.filter((entry) => entry.id !== id) };
}

/**
 * Carries the conversation on from a POST /chat/web response: its `sessionId` when the
 * platform gave one, else its `id` as the next `previousChatId` (the two never go together).
 */
export function continueThread(
  state: ChatState,
  response: { id: string; sessionId?: string },
): ChatState {
  const thread: ChatThread = response.sessionId
    ? { sessionId: response.sessionId }
    : { previousChatId: response.id };
  return { ...state, thread };
}

/**
 * The assistant's reply to one typed line, in one line of the chat: added with its first words,
 * updated as a streamed reply grows, removed when it ends empty or fails. Each method returns a
 * new state; the chat controller applies it.
 */
export class ReplyLine {
  #id: number | null = null;

  /** The chat with the reply shown as `reply` (still arriving when `partial`). */
  show(chat: ChatState, reply: string, partial: boolean): ChatState {
    if (this.#id !== null) {
      return reply === ''
        ? removeEntry(chat, this.#id)
        : updateEntry(chat, this.#id, { text: reply, partial });
    }
    if (reply === '') {
      return chat;
    }
    const [next, added] = appendEntry(chat, {
      role: 'assistant',
      text: reply,
      typed: true,
      ...(partial && { partial }),
      at: Date.now(),
    });
    this.#id = added;
    return next;
  }

  /** The chat without the reply (it failed). */
  drop(chat: ChatState): ChatState {
    return this.#id === null ? chat : removeEntry(chat, this.#id);
  }

  /** The reply's line in `chat`, if it has one. */
  entry(chat: ChatState): TranscriptEntry | undefined {
    return this.#id === null ? undefined : entryById(chat, this.#id);
  }
}
