import type { DemoChatReply, DemoChatState } from '../../demo/chat-replies.ts';
import type { WebChatOptions, WebChatSender } from './web-chat.ts';

/** The offline demo's typed answers, as the chat controller uses them. */
export interface DemoChat {
  start(): DemoChatState;
  /** The reply, with the lead tool calls to make first when a booking is complete. */
  reply(text: string, state: DemoChatState): DemoChatReply;
  /** The line that follows the tool results the page sent back. */
  afterTools(results: readonly string[], state: DemoChatState): DemoChatReply;
}

/** Loads the demo's intent matching from the demo's own chunk (demo mode only). */
export function loadDemoChat(): Promise<DemoChat> {
  return import('../../demo/demo-call.ts').then((m) => ({
    start: () => m.DEMO_CHAT_START,
    reply: (text, state) => m.demoReply(text, state),
    afterTools: m.demoToolCallsReply,
  }));
}

/** Loads the POST /chat/web sender (the API client's core and chats resource). */
export function loadWebChat(options: WebChatOptions): Promise<WebChatSender> {
  return import('./web-chat.ts').then((m) => m.createWebChat(options));
}
