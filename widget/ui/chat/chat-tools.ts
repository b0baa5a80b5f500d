import type { WebChatResponse } from '../../api/supplement.ts';
import type { ToolCallChannel } from '../lead-capture.ts';

/** A tool result the lead wiring sent back: the call it answers and what it says. */
export interface ChatToolResult {
  readonly toolCallId: string;
  readonly content: string;
}

/** The `tool-calls` message the lead wiring reads: the platform's client message shape. */
export interface ChatToolCalls {
  readonly type: 'tool-calls';
  readonly toolCallList: ReadonlyArray<{
    readonly id: string;
    readonly function?: { name?: string };
  }>;
}

/**
 * The tools the lead wiring answers (`LEAD_TOOL_NAMES` of leads/lead-tools.ts, named again here so
 * this chunk does not pull in the lazy lead handling): only their results are waited for.
 */
const ANSWERED = new Set(['capture_lead', 'request_viewing']);

/** How long typed chat waits for its tool results (the lead wiring loads on first use). */
export const TOOL_RESULTS_WAIT_MS = 10_000;

/**
 * The tool calls in a POST /chat/web reply, as a `tool-calls` message, or null when it asks for
 * none. The document's `AssistantMessage` carries them as `tool_calls` (`{ id, type,
 * function: { name, arguments } }`), the shape the call's `toolCallList` has. Pure.
 */
export function toolCallsIn(response: Pick<WebChatResponse, 'output'>): ChatToolCalls | null {
  const toolCallList = (response.output ?? []).flatMap((message) => {
    const calls = (message as { role?: unknown; tool_calls?: unknown }).tool_calls;
    return message.role === 'assistant' && Array.isArray(calls)
      ? (calls as ChatToolCalls['toolCallList'])
      : [];
  });
  return toolCallList.length > 0 ? { type: 'tool-calls', toolCallList } : null;
}

/**
 * Typed chat as a tool-call channel (docs/behaviour.md#leads): the lead wiring subscribes to it
 * as it does to a voice call; `run` hands it one `tool-calls` message and collects the results
 * it sends back (`add-message`, role `tool`), until every call has one or the wait runs out.
 */
export class ChatToolChannel implements ToolCallChannel {
  readonly #listeners = new Set<(message: unknown) => void>();
  #collect: ((result: ChatToolResult) => void) | null = null;
  /** The chat id (or the offline demo's), read by the lead wiring at capture time. */
  id: string | null = null;

  subscribe(listener: (message: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  send(message: object): void {
    const sent = (
      message as { message?: { role?: unknown; tool_call_id?: unknown; content?: unknown } }
    ).message;
    if (sent?.role === 'tool' && typeof sent.tool_call_id === 'string') {
      this.#collect?.({ toolCallId: sent.tool_call_id, content: String(sent.content ?? '') });
    }
  }

  conversationId(): string | null {
    return this.id;
  }

  /** Hands `calls` to the listeners; resolves with the results, in the order they came. */
  run(calls: ChatToolCalls, waitMs = TOOL_RESULTS_WAIT_MS): Promise<ChatToolResult[]> {
    const awaited = new Set(
      calls.toolCallList
        .filter((call) => ANSWERED.has(call.function?.name ?? ''))
        .map((call) => call.id),
    );
    const results: ChatToolResult[] = [];
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#collect = null;
        resolve(results);
      };
      const timer = setTimeout(done, waitMs);
      this.#collect = (result) => {
        if (awaited.delete(result.toolCallId)) {
          results.push(result);
          if (awaited.size === 0) {
            done();
          }
        }
      };
      for (const listener of this.#listeners) {
        listener(calls);
      }
      if (this.#listeners.size === 0 || awaited.size === 0) {
        done();
      }
    });
  }
}
