import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  type ChatState,
  EMPTY_CHAT,
  setStatus,
} from '../../widget/session/chat/chat-state.ts';
import { chatLines, chatRecord } from '../../widget/session/resume/chat-record.ts';
import { mayResume, readRecord } from '../../widget/session/resume/resume-record.ts';

// Issue 29 §1: a typed chat follows the visitor to the next page like a call, its lines kept
// in the tab only with the disclosure agreed.

function chatWithLines(): ChatState {
  let chat: ChatState = { ...EMPTY_CHAT, thread: { previousChatId: 'chat-7' } };
  [chat] = appendEntry(chat, { role: 'user', text: 'How much is it?', typed: true, at: 1 });
  [chat] = appendEntry(chat, { role: 'assistant', text: 'It is $615,000.', typed: true, at: 2 });
  const [withFailed, failed] = appendEntry(chat, {
    role: 'user',
    text: 'Parking?',
    typed: true,
    at: 3,
  });
  chat = setStatus(withFailed, failed, 'failed');
  [chat] = appendEntry(chat, {
    role: 'assistant',
    text: 'Yes, two',
    typed: true,
    partial: true,
    at: 4,
  });
  return chat;
}

describe('the record a typed chat leaves for the next page', () => {
  it('keeps the thread and the lines said, and reads back the same', () => {
    const record = chatRecord(chatWithLines(), 5000, true);
    expect(record).toEqual({
      kind: 'chat',
      until: 5000,
      thread: { previousChatId: 'chat-7' },
      lines: [
        { role: 'user', text: 'How much is it?', at: 1 },
        { role: 'assistant', text: 'It is $615,000.', at: 2 },
      ],
    });
    const read = readRecord(JSON.stringify(record));
    expect(read).toEqual(record);
    if (read?.kind !== 'chat') {
      throw new Error('a chat record should read as one');
    }
    expect(chatLines(read)).toEqual(record.lines);
    expect(mayResume(read, 5000, 30)).toBe(true);
    expect(mayResume(read, 5001, 30)).toBe(false);
  });

  it('keeps no line without the disclosure agreed, only how the chat continues', () => {
    expect(JSON.stringify(chatRecord(chatWithLines(), 5000, false))).not.toContain('615');
    expect(chatRecord(chatWithLines(), 5000, false).lines).toBeNull();
  });

  it('reads nothing it cannot trust', () => {
    expect(readRecord(JSON.stringify({ kind: 'chat', thread: null }))).toBeNull();
    expect(readRecord(JSON.stringify({ kind: 'chat', until: 1, thread: { id: 3 } }))).toBeNull();
    expect(
      readRecord(
        JSON.stringify({ kind: 'chat', until: 1, thread: { sessionId: 's', extra: 1 }, lines: 5 }),
      ),
    ).toEqual({ kind: 'chat', until: 1, thread: { sessionId: 's' }, lines: null });
  });
});
