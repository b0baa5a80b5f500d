import { chatStreamFetch } from '../../api/chat-stream.ts';
import { createApiCore } from '../../api/core.ts';
import { chatsResource } from '../../api/resources/chats.ts';
import type { WebChatBody, WebChatResponse } from '../../api/supplement.ts';

/**
 * Sends one typed message through POST /chat/web (docs/behaviour.md#chat). With `stream: true`
 * in the body, `onPartial` sees the reply grow; the promise resolves with the whole reply.
 */
export type WebChatSender = (
  body: WebChatBody,
  onPartial?: (reply: WebChatResponse) => void,
) => Promise<WebChatResponse>;

/** The public key and API host of the element. */
export interface WebChatOptions {
  /** The platform public key, sent as `Authorization: Bearer <publicKey>`. */
  publicKey: string;
  /** The API host; the API client's default when omitted. */
  apiBaseUrl?: string | null;
}

/**
 * The text chat's route through the project's API client: only the core and the chats
 * resource, as the call client does for POST /call/web. Each message gets a core whose fetch
 * reads a streamed reply as it arrives (cheap: a core is a few closures).
 */
export function createWebChat(options: WebChatOptions): WebChatSender {
  return (body, onPartial) =>
    chatsResource(
      createApiCore({
        token: options.publicKey,
        ...(options.apiBaseUrl && { baseUrl: options.apiBaseUrl }),
        fetch: chatStreamFetch(onPartial ?? (() => undefined)),
      }),
    ).createWeb(body);
}
