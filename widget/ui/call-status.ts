import type { WidgetState } from '../element/dom-events.ts';
import { fillText, VIEW_TEXTS } from '../element/texts.ts';
import type { ConversationSnapshot } from './conversation-store.ts';

/**
 * The status line during a call, in words (pure): muted first, then who is speaking, then the
 * session's own sentence (connected, or a warning) until anyone has spoken, then listening.
 * Outside a call it is the session's sentence (connecting, failures, call ended).
 */
export function callStatus(
  state: WidgetState,
  sessionStatus: string,
  conversation: Pick<ConversationSnapshot, 'muted' | 'speaking' | 'heard'>,
  assistantName: string,
): string {
  if (state !== 'active') {
    return sessionStatus;
  }
  const name = { name: assistantName };
  if (conversation.muted) {
    return fillText(VIEW_TEXTS.muted, name);
  }
  if (conversation.speaking === 'assistant') {
    return fillText(VIEW_TEXTS.speaking, name);
  }
  if (conversation.speaking === 'user') {
    return VIEW_TEXTS.visitorSpeaking;
  }
  return conversation.heard ? VIEW_TEXTS.listening : sessionStatus;
}
