/**
 * The conversation as transcript entries, typed and spoken alike (docs/behaviour.md#chat).
 * Pure: every function returns a new state. The chat controller feeds it; any log view
 * (the chat box's, or the conversation view's transcript) renders `entries` in order.
 */

/** Who said a line. */
export type TranscriptRole = 'user' | 'assistant';

/** Whether a typed line reached the assistant: sent, on its way, or failed (offered for retry). */
export type DeliveryStatus = 'sent' | 'sending' | 'failed';

/** One line of the conversation. */
export interface TranscriptEntry {
  readonly id: number;
  readonly role: TranscriptRole;
  readonly text: string;
  /** True for a line typed in the chat box (or its typed reply); false for speech. */
  readonly typed: boolean;
  readonly status: DeliveryStatus;
  /** When the line was added (ms since the epoch): typed and spoken lines are ordered by it. */
  readonly at: number;
  /** A streamed reply still arriving: shown as a partial line until its last words are in. */
  readonly partial?: boolean;
}

/** How the next POST /chat/web continues this conversation. */
export type ChatThread = { previousChatId: string } | { sessionId: string } | null;

/** The typed and spoken conversation of one element. */
export interface ChatState {
  readonly entries: readonly TranscriptEntry[];
  /** A typed reply is pending: the typing indicator shows. */
  readonly waiting: boolean;
  readonly thread: ChatThread;
  readonly nextId: number;
}

/** No lines yet, no reply pending, no conversation to continue. */
export const EMPTY_CHAT: ChatState = { entries: [], waiting: false, thread: null, nextId: 1 };

/** Appends a line; returns the new state and the line's id. */
export function appendEntry(
  state: ChatState,
  entry: Omit<TranscriptEntry, 'id' | 'status' | 'at'> & { status?: DeliveryStatus; at?: number },
): [ChatState, number] {
  const id = state.nextId;
  const added: TranscriptEntry = { status: 'sent', at: 0, ...entry, id };
  return [{ ...state, entries: [...state.entries, added], nextId: id + 1 }, id];
}

/** Changes the delivery status of line `id`. */
export function setStatus(state: ChatState, id: number, status: DeliveryStatus): ChatState {
  return {
    ...state,
    entries: state.entries.map((entry) => (entry.id === id ? { ...entry, status } : entry)),
  };
}

/** Shows or hides the typing indicator. */
export function setWaiting(state: ChatState, waiting: boolean): ChatState {
  return state.waiting === waiting ? state : { ...state, waiting };
}

/** The line with `id`, if any. */
export function entryById(state: ChatState, id: number): TranscriptEntry | undefined {
  return state.entries.find((entry) => entry.id === id);
}
