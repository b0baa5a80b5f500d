import { chatStreamFetch } from '../../../api/chat-stream.ts';
import { createApiCore } from '../../../api/core.ts';
import { chatsResource } from '../../../api/resources/chats.ts';
import type { WebChatBody, WebChatResponse } from '../../../api/supplement.ts';
import type { WidgetConfig } from '../../../element/attributes.ts';
import type { Language } from '../../../element/i18n/languages.ts';
import type { ListingVariables } from '../../../leads/page/listing-context.ts';
import type { ConsentRecord } from '../../../leads/watch/consent-record.ts';
import { visitorOverrides } from '../../visitor-overrides.ts';
import type { ChatThread } from '../chat-state.ts';
import type { ChatToolCalls, ChatToolResult } from '../delivery/chat-tools.ts';
import { replyText } from './reply-text.ts';

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
  /** The platform public key, sent as `Authorization: Bearer <publicKey>` (none: empty). */
  publicKey: string | null;
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
        token: options.publicKey ?? '',
        ...(options.apiBaseUrl && { baseUrl: options.apiBaseUrl }),
        fetch: chatStreamFetch(onPartial ?? (() => undefined)),
      }),
    ).createWeb(body);
}

/** One typed message's exchange with the platform, as the chat controller hands it over. */
export interface WebChatTurn {
  text: string;
  /** The attributes: the assistant or squad, and the host's assistant overrides. */
  config: WidgetConfig;
  language: Language;
  /** The agreement to the disclosure, if any (sent in `metadata.consent`). */
  consent: ConsentRecord | null;
  /** The page's listing variables (a variable the host set itself wins). */
  variables: ListingVariables;
  /** The conversation so far, read before each request. */
  thread(): ChatThread;
  /** Each whole reply: the conversation goes on from it. */
  onReply(response: WebChatResponse): void;
  /** The reply's text so far, while it streams. */
  onText(text: string): void;
  /** The lead tools' results for a reply's tool calls. */
  runTools(calls: ChatToolCalls): Promise<ChatToolResult[]>;
}

/** Rounds of tool calls and results one typed message may go through. */
const MAX_TOOL_ROUNDS = 3;

/**
 * The tool calls in a reply, as a `tool-calls` message, or null when it asks for none. The
 * document's `AssistantMessage` carries them as `tool_calls` (`{ id, type, function: { name,
 * arguments } }`), the shape of a call's `toolCallList`. Pure.
 */
export function toolCallsIn(response: Pick<WebChatResponse, 'output'>): ChatToolCalls | null {
  const toolCallList = (response.output ?? []).flatMap((message) => {
    const calls = (message as { tool_calls?: unknown }).tool_calls;
    return message.role === 'assistant' && Array.isArray(calls)
      ? (calls as ChatToolCalls['toolCallList'])
      : [];
  });
  return toolCallList.length > 0 ? { type: 'tool-calls', toolCallList } : null;
}

/**
 * Sends one typed message and returns the assistant's text (docs/behaviour.md#chat). A reply
 * that calls the lead tools gets their results back as `tool` messages in the next request's
 * `input` (the document's `ToolMessage`), on the same conversation, and the assistant's answer
 * to them joins the reply.
 */
export async function chatTurn(send: WebChatSender, turn: WebChatTurn): Promise<string> {
  const own = turn.config.assistantOverrides;
  const hostValues = own?.variableValues;
  const overrides = visitorOverrides(
    {
      ...own,
      // The page's listing variables, under any the host set itself.
      variableValues: { ...turn.variables, ...(typeof hostValues === 'object' && hostValues) },
    },
    { language: turn.language, consent: turn.consent },
  ) as WebChatBody['assistantOverrides'];
  const target = turn.config.target;
  const said: string[] = [];
  const joined = (last: string): string => [...said, last].filter((t) => t !== '').join('\n\n');
  let input: WebChatBody['input'] = turn.text;
  for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
    const body: WebChatBody = {
      ...(target?.kind === 'squad' ? { squadId: target.id } : { assistantId: target?.id }),
      ...(turn.thread() ?? {}),
      input,
      stream: true,
      assistantOverrides: overrides,
    };
    const response = await send(body, (partial) => turn.onText(joined(replyText(partial))));
    turn.onReply(response);
    said.push(replyText(response));
    const calls = toolCallsIn(response);
    const results = calls ? await turn.runTools(calls) : [];
    if (results.length === 0) {
      break;
    }
    input = results.map((result) => ({
      role: 'tool' as const,
      tool_call_id: result.toolCallId,
      content: result.content,
    }));
  }
  return joined('');
}
