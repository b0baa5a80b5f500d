import { useSyncExternalStore } from 'react';
import type { ConversationSnapshot } from './conversation-store.ts';
import type { WidgetSession } from './widget-session.ts';

/** The session's conversation (transcript, speaker, mute), re-rendering on each change. */
export function useConversation(session: WidgetSession): ConversationSnapshot {
  return useSyncExternalStore(session.conversation.subscribe, session.conversation.getSnapshot);
}
