import { ApiParseError } from './api-errors.ts';
import { SseDecoder } from './sse.ts';
import type { WebChatResponse } from './supplement.ts';

/**
 * A streamed chat reply so far. The platform sends `{ id, sessionId?, path, delta }` events
 * (the document's `CreateChatStreamResponse`), each `delta` appended at its `path`,
 * `chat.output[N].content`; the streaming guide carries the events' `id` to the next message as
 * `previousChatId`, as the `id` of a non-streamed reply is.
 */
export interface ChatStreamState {
  readonly id: string | null;
  readonly sessionId: string | null;
  /** The text of each output message, by index. */
  readonly contents: readonly string[];
}

/** Nothing received yet. */
export const CHAT_STREAM_START: ChatStreamState = { id: null, sessionId: null, contents: [] };

const CONTENT_PATH = /^chat\.output\[(\d{1,2})\]\.content$/;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function foldValue(state: ChatStreamState, value: unknown): ChatStreamState {
  if (typeof value !== 'object' || value === null) {
    return state;
  }
  const { id, sessionId, path, delta } = value as Record<string, unknown>;
  let next = state;
  if (next.id === null && typeof id === 'string' && id !== '') {
    next = { ...next, id };
  }
  if (typeof sessionId === 'string' && sessionId !== '') {
    next = { ...next, sessionId };
  }
  const index = typeof path === 'string' ? CONTENT_PATH.exec(path)?.[1] : undefined;
  if (index !== undefined && typeof delta === 'string' && delta !== '') {
    const contents = [...next.contents];
    contents[Number(index)] = (contents[Number(index)] ?? '') + delta;
    next = { ...next, contents };
  }
  return next;
}

/**
 * Folds one event's data into the reply (pure). Data that is not JSON as a whole is read line
 * by line (a server that sends one `data:` line per delta without blank lines between them);
 * whatever is still not JSON is skipped, and the rest of the stream goes on.
 */
export function foldChatEvent(state: ChatStreamState, data: string): ChatStreamState {
  const whole = parse(data);
  return whole !== undefined
    ? foldValue(state, whole)
    : data.split('\n').reduce((acc, line) => foldValue(acc, parse(line)), state);
}

/** The reply so far, shaped as the non-streamed route answers it. */
export function streamedResponse(state: ChatStreamState): WebChatResponse {
  return {
    id: state.id ?? '',
    ...(state.sessionId === null ? {} : { sessionId: state.sessionId }),
    output: Array.from(state.contents, (content) => ({
      role: 'assistant' as const,
      content: content ?? '',
    })),
  };
}

/** Reads a `text/event-stream` body to its end, telling `onPartial` each time the text grows. */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onPartial: (reply: WebChatResponse) => void,
): Promise<ChatStreamState> {
  const decoder = new TextDecoder();
  const sse = new SseDecoder();
  let state = CHAT_STREAM_START;
  const take = (events: ReturnType<SseDecoder['push']>): void => {
    const before = state.contents;
    for (const event of events) {
      state = foldChatEvent(state, event.data);
    }
    if (state.contents !== before) {
      onPartial(streamedResponse(state));
    }
  };
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    take(sse.push(decoder.decode(value, { stream: true })));
  }
  take(sse.push(decoder.decode()));
  take(sse.end());
  return state;
}

/**
 * A `fetch` for the API core of POST /chat/web with `stream: true`: an event stream is read
 * here as it arrives (`onPartial` sees the reply grow) and handed on as the JSON body the
 * non-streamed route returns, so auth, errors and the carried chat id stay the client's. A JSON
 * answer (a server that does not stream) or a failed status passes through untouched. A body
 * cut off mid-way rejects, as a lost connection does.
 */
export function chatStreamFetch(
  onPartial: (reply: WebChatResponse) => void,
  base: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream') || !response.body) {
      return response;
    }
    const state = await readChatStream(response.body, onPartial);
    if (state.id === null) {
      throw new ApiParseError('invalid-json', 'The streamed chat reply carried no chat id.', {
        status: response.status,
      });
    }
    return new Response(JSON.stringify(streamedResponse(state)), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}
