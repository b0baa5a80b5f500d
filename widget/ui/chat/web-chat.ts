import { createApiCore } from '../../api/core.ts';
import { chatsResource } from '../../api/resources/chats.ts';
import type { WebChatBody, WebChatResponse } from '../../api/supplement.ts';

/** Sends one typed message through POST /chat/web (docs/behaviour.md#chat). */
export type WebChatSender = (body: WebChatBody, signal?: AbortSignal) => Promise<WebChatResponse>;

/** The public key and API host of the element. */
export interface WebChatOptions {
  /** The platform public key, sent as `Authorization: Bearer <publicKey>`. */
  publicKey: string;
  /** The API host; the API client's default when omitted. */
  apiBaseUrl?: string | null;
}

/**
 * The text chat's route through the project's API client: only the core and the chats
 * resource, as the call client does for POST /call/web.
 */
export function createWebChat(options: WebChatOptions): WebChatSender {
  const chats = chatsResource(
    createApiCore({
      token: options.publicKey,
      ...(options.apiBaseUrl && { baseUrl: options.apiBaseUrl }),
    }),
  );
  return (body, signal) => chats.createWeb(body, signal ? { signal } : undefined);
}
