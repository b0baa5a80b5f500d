import type { ChatState, ChatThread, TranscriptEntry } from './chat-state.ts';

/*
 * The chat state changes a reply makes (docs/behaviour.md#chat), pure. Apart from chat-state.ts
 * because only the lazy delivery (chat-delivery.ts) needs them.
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
