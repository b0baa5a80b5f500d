import type { ChatToolChannel } from './chat-channel.ts';

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
    readonly function?: { readonly name?: string };
  }>;
}

/** How long typed chat waits for its tool results (the lead wiring loads on first use). */
export const TOOL_RESULTS_WAIT_MS = 10_000;

/**
 * The tools the lead wiring answers (`LEAD_TOOL_NAMES` of leads/lead-tools.ts, named again here so
 * this chunk does not pull in the lazy lead handling): only their results are waited for.
 */
const ANSWERED = new Set(['capture_lead', 'request_viewing']);

/**
 * Hands `calls` to the channel's listeners and resolves with the results sent back, in the order
 * they came, once every lead tool call has one or after `waitMs`. Without a listener, or without
 * a lead tool among the calls, it resolves at once with none.
 */
export function runTools(
  channel: ChatToolChannel,
  calls: ChatToolCalls,
  waitMs = TOOL_RESULTS_WAIT_MS,
): Promise<ChatToolResult[]> {
  const awaited = new Set(
    calls.toolCallList
      .filter((call) => ANSWERED.has(call.function?.name ?? ''))
      .map((call) => call.id),
  );
  const results: ChatToolResult[] = [];
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      channel.collect = null;
      resolve(results);
    };
    const timer = setTimeout(done, waitMs);
    channel.collect = (toolCallId, content) => {
      if (awaited.delete(toolCallId)) {
        results.push({ toolCallId, content });
        if (awaited.size === 0) {
          done();
        }
      }
    };
    channel.emit(calls);
    if (!channel.listening || awaited.size === 0) {
      done();
    }
  });
}
