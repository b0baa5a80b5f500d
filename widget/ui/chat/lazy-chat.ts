import type { DemoChatState } from '../../demo/chat-replies.ts';
import type { WebChatOptions, WebChatSender } from './web-chat.ts';

/** The offline demo's typed answers, as the chat controller uses them. */
export interface DemoChat {
  start(): DemoChatState;
  reply(text: string, state: DemoChatState): { reply: string; state: DemoChatState };
}

/** Loads the demo's intent matching from the demo's own chunk (demo mode only). */
export function loadDemoChat(): Promise<DemoChat> {
  return import('../../demo/demo-call.ts').then((m) => ({
    start: () => m.DEMO_CHAT_START,
    reply: m.demoReply,
  }));
}

/** Loads the POST /chat/web sender (the API client's core and chats resource). */
export function loadWebChat(options: WebChatOptions): Promise<WebChatSender> {
  return import('./web-chat.ts').then((m) => m.createWebChat(options));
}
