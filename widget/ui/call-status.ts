import type { WidgetState } from '../element/after-intent/dom-events.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import type { ConversationSnapshot } from '../session/conversation-store.ts';

/**
 * The status line during a call, in words (pure): muted first, then who is speaking, then the
 * call controller's own sentence (connected, or a warning) until anyone has spoken, then listening.
 * Outside a call it is the controller's sentence (connecting, failures, call ended), except that
 * "Call ended." is left out while the transcript shows "Call ended · m:ss" (`lengthShown`):
 * the visitor reads it once.
 */
export function callStatus(
  state: WidgetState,
  controllerStatus: string,
  conversation: Pick<ConversationSnapshot, 'muted' | 'speaking' | 'heard' | 'endedAfterMs'>,
  assistantName: string,
  texts: Pick<WidgetTexts, 'muted' | 'speaking' | 'visitorSpeaking' | 'listening' | 'callEnded'>,
  lengthShown = false,
): string {
  if (state !== 'active') {
    const repeated =
      lengthShown && conversation.endedAfterMs !== null && controllerStatus === texts.callEnded;
    return repeated ? '' : controllerStatus;
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
  return conversation.heard ? texts.listening : controllerStatus;
}
