import { useSyncExternalStore } from 'react';
import type { CallController } from '../session/call-controller.ts';
import type { ConversationSnapshot } from '../session/conversation-store.ts';

/** The session's conversation (transcript, speaker, mute), re-rendering on each change. */
export function useConversation(session: CallController): ConversationSnapshot {
  return useSyncExternalStore(session.conversation.subscribe, session.conversation.getSnapshot);
}
