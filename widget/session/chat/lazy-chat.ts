import type { DemoChatState, DemoHost } from '../../demo/chat-replies.ts';
import type { ToolCalls } from '../../demo/server-messages.ts';
import type { WebChatOptions, WebChatTurn } from './web-chat.ts';

/** The offline demo's typed answers, as the chat controller uses them. */
export interface DemoChat {
  /** A new conversation on a page with these names and listing. */
  start(host: DemoHost): DemoChatState;
  /** The reply to `text`; a complete booking first goes through the lead tools (`runTools`). */
  turn(
    text: string,
    state: DemoChatState,
    runTools: (calls: ToolCalls) => Promise<readonly string[]>,
  ): Promise<{ reply: string; state: DemoChatState }>;
}

/** Sends one typed message to the platform (the web-chat chunk's `chatTurn`). */
export type WebChat = (turn: WebChatTurn) => Promise<string>;

/** Loads the demo's intent matching from the demo's own chunk (demo mode only). */
export function loadDemoChat(): Promise<DemoChat> {
  return import('../../demo/demo-call.ts').then((m) => ({
    start: m.demoChatStart,
    turn: m.demoTurn,
  }));
}

/** Loads the POST /chat/web exchange (the API client's core and chats resource). */
export function loadWebChat(options: WebChatOptions): Promise<WebChat> {
  return import('./web-chat.ts').then((m) => {
    const send = m.createWebChat(options);
    return (turn) => m.chatTurn(send, turn);
  });
}
