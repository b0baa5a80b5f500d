import { describe, expect, it } from 'vitest';
import {
  CHAT_STREAM_START,
  type ChatStreamState,
  foldChatEvent,
  streamedResponse,
} from '../../widget/api/chat-stream.ts';
import { SseDecoder, type SseEvent } from '../../widget/api/sse.ts';

/** Feeds `body` to a fresh decoder cut at every position in `cuts`, then ends it. */
function decode(body: string, cuts: number[] = []): SseEvent[] {
  const decoder = new SseDecoder();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    events.push(...decoder.push(body.slice(from, cut)));
    from = cut;
  }
  return [...events, ...decoder.end()];
}

const STREAM =
  ': keep-alive\r\n' +
  'data: {"id":"chat_1","path":"chat.output[0].content","delta":"Hello"}\r\n\r\n' +
  'event: update\r\n' +
  'data: {"id":"chat_1",\r\n' +
  'data: "path":"chat.output[0].content","delta":" there"}\r\n' +
  'id: 7\r\nretry: 1000\r\n\r\n';

const EXPECTED: SseEvent[] = [
  { event: 'message', data: '{"id":"chat_1","path":"chat.output[0].content","delta":"Hello"}' },
  {
    event: 'update',
    data: '{"id":"chat_1",\n"path":"chat.output[0].content","delta":" there"}',
  },
];

describe('server-sent events decoding', () => {
  it('gives each event once its blank line arrives: comments skipped, data lines joined', () => {
    expect(decode(STREAM)).toEqual(EXPECTED);
  });

  it('gives the same events wherever the chunks are cut: mid-line, mid-event, between CR and LF', () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(decode(STREAM, [cut])).toEqual(EXPECTED);
    }
    const crlf = STREAM.indexOf('\r\n\r\n') + 1;
    expect(decode(STREAM, [crlf, crlf + 1, crlf + 2])).toEqual(EXPECTED);
    // One byte at a time.
    expect(
      decode(
        STREAM,
        Array.from({ length: STREAM.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(EXPECTED);
  });

  it('reads LF-only and CR-only line ends, and `data` without a space or a value', () => {
    expect(decode('data:a\n\ndata\rdata: b\r\r')).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: '\nb' },
    ]);
  });

  it('gives a last event whose blank line never came, but not a line cut off without its end', () => {
    expect(decode('data: whole\n')).toEqual([{ event: 'message', data: 'whole' }]);
    expect(decode('data: whole\n\ndata: cut off')).toEqual([{ event: 'message', data: 'whole' }]);
    expect(decode(': only a comment\n\n\n')).toEqual([]);
  });
});

function fold(...data: string[]): ChatStreamState {
  return data.reduce(foldChatEvent, CHAT_STREAM_START);
}

describe('a streamed chat reply', () => {
  it('appends each delta at its output path and keeps the first id as the chat id', () => {
    const state = fold(
      '{"id":"chat_1","path":"chat.output[0].content","delta":"Two"}',
      '{"id":"chat_1","path":"chat.output[0].content","delta":" PM works."}',
      '{"id":"other","sessionId":"s_9","path":"chat.output[1].content","delta":"Anything else?"}',
    );
    expect(state).toEqual({
      id: 'chat_1',
      sessionId: 's_9',
      contents: ['Two PM works.', 'Anything else?'],
    });
    expect(streamedResponse(state)).toEqual({
      id: 'chat_1',
      sessionId: 's_9',
      output: [
        { role: 'assistant', content: 'Two PM works.' },
        { role: 'assistant', content: 'Anything else?' },
      ],
    });
  });

  it('skips malformed JSON and keeps the rest, also within one event of several lines', () => {
    const state = fold(
      '{"id":"chat_1","path":"chat.output[0].content","delta":"A"}',
      '{"id":"chat_1","path":"chat.output[0].con',
      '[DONE]',
      '{"id":"chat_1","path":"chat.output[0].content","delta":"B"}\nnot json\n{"id":"chat_1","path":"chat.output[0].content","delta":"C"}',
      '{"path":"chat.messages[0].content","delta":"ignored"}',
      'null',
    );
    expect(state.contents).toEqual(['ABC']);
    expect(state.id).toBe('chat_1');
  });

  it('leaves a gap in the output as an empty message, not a hole', () => {
    const response = streamedResponse(
      fold('{"id":"c","path":"chat.output[2].content","delta":"x"}'),
    );
    expect(response.output).toEqual([
      { role: 'assistant', content: '' },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: 'x' },
    ]);
  });
});
