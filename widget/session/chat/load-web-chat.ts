import type { WebChatOptions, WebChatTurn } from './web-chat/web-chat.ts';

/** Sends one typed message to the platform (the web-chat chunk's `chatTurn`). */
export type WebChat = (turn: WebChatTurn) => Promise<string>;

/**
 * The lazy boundary of the `web-chat` chunk (docs/architecture.md, the chunk map): loads the
 * POST /chat/web exchange (the API client's core and chats resource).
 */
export function loadWebChat(options: WebChatOptions): Promise<WebChat> {
  return import('./web-chat/web-chat.ts').then((m) => {
    const send = m.createWebChat(options);
    return (turn) => m.chatTurn(send, turn);
  });
}
