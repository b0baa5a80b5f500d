import type { ChatState, ChatThread, TranscriptEntry } from '../chat/chat-state.ts';
import type { SavedLine } from '../transcript-merge.ts';

/*
 * A typed chat that follows the visitor to the next page (docs/behaviour.md#resume), pure: the
 * record it leaves in `sessionStorage`, read back, and the lines it shows again.
 */

/**
 * What a typed chat (outside a call) leaves for the next page: how the platform continues it
 * (an id, no personal data), and its lines only with the disclosure agreed, as for a call.
 */
export interface LiveChatRecord {
  kind: 'chat';
  until: number;
  thread: ChatThread;
  lines: SavedLine[] | null;
}

function isThread(value: unknown): value is ChatThread {
  const thread = value as Record<string, unknown> | null;
  return (
    thread === null ||
    typeof thread?.previousChatId === 'string' ||
    typeof thread?.sessionId === 'string'
  );
}

/** The typed chat in `record`, or null when it is not one. */
export function readChat(
  record: Partial<LiveChatRecord>,
  lines: SavedLine[] | null,
): LiveChatRecord | null {
  const { thread } = record;
  if (typeof record.until !== 'number' || !isThread(thread)) {
    return null;
  }
  const kept =
    thread && 'sessionId' in thread
      ? { sessionId: thread.sessionId }
      : thread && { previousChatId: thread.previousChatId };
  return { kind: 'chat', until: record.until, thread: kept, lines };
}

/**
 * The record a typed chat leaves at `until`; `keepLines` when the disclosure was agreed. A line
 * still sending, failed or arriving is left out: the next page shows what was said.
 */
export function chatRecord(chat: ChatState, until: number, keepLines: boolean): LiveChatRecord {
  return {
    kind: 'chat',
    until,
    thread: chat.thread,
    lines: keepLines
      ? chat.entries
          .filter((entry) => entry.status === 'sent' && !entry.partial)
          .map(({ role, text, at }) => ({ role, text, at }))
      : null,
  };
}

/** The lines a resumed chat shows again, as the chat box's entries. */
export function chatLines(record: LiveChatRecord): Pick<TranscriptEntry, 'role' | 'text' | 'at'>[] {
  return (record.lines ?? []).map(({ role, text, at }) => ({
    role: role === 'assistant' ? 'assistant' : 'user',
    text,
    at,
  }));
}
