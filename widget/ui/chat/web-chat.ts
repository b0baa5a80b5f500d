import { createApiCore } from '../../api/core.ts';
import { chatsResource } from '../../api/resources/chats.ts';
import type { WebChatBody, WebChatResponse } from '../../api/supplement.ts';

/** Sends one typed message through POST /chat/web (docs/behaviour.md#chat). */
export type WebChatSender = (body: WebChatBody, signal?: AbortSignal) => Promise<WebChatResponse>;

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

/** The assistant's reply in a POST /chat/web response: its text output, joined. Pure. */
export function replyText(response: Pick<WebChatResponse, 'output'>): string {
  const parts: string[] = [];
  for (const message of response.output ?? []) {
    const content = (message as { role?: unknown; content?: unknown }).content;
    if ((message as { role?: unknown }).role === 'assistant' && typeof content === 'string') {
      parts.push(content.trim());
    }
  }
  return parts.filter((part) => part !== '').join('\n\n');
}
