import { useSyncExternalStore } from 'react';
import type { CallController } from '../session/call-controller.ts';
import type { ConversationSnapshot } from '../session/conversation-store.ts';

/** The call controller's conversation (transcript, speaker, mute), re-rendering on each change. */
export function useConversation(calls: CallController): ConversationSnapshot {
  return useSyncExternalStore(calls.conversation.subscribe, calls.conversation.getSnapshot);
}
