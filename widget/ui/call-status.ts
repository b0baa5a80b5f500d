import type { WidgetState } from '../element/dom-events.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
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
  texts: Pick<WidgetTexts, 'muted' | 'speaking' | 'visitorSpeaking' | 'listening'>,
): string {
  if (state !== 'active') {
    return sessionStatus;
  }
  if (conversation.muted) {
    return texts.muted(assistantName);
  }
  if (conversation.speaking === 'assistant') {
    return texts.speaking(assistantName);
  }
  if (conversation.speaking === 'user') {
    return texts.visitorSpeaking;
  }
  return conversation.heard ? texts.listening : sessionStatus;
}
