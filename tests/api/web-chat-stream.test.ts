import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiConnectionError, ApiError } from '../../widget/api/api-errors.ts';
import type { WebChatBody, WebChatResponse } from '../../widget/api/supplement.ts';
import { parseAttributes } from '../../widget/element/attributes.ts';
import type { ChatThread } from '../../widget/session/chat/chat-state.ts';
import { replyText } from '../../widget/session/chat/web-chat/reply-text.ts';
import { chatTurn, createWebChat } from '../../widget/session/chat/web-chat/web-chat.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

// POST /chat/web with `stream: true` through the widget's chat sender and the project's API
// client, against a loopback server that plays the platform: it streams server-sent events in
// several writes with pauses (cut mid-event, CR LF line ends), answers JSON when it does not
// stream, fails with a 500, or drops the connection halfway through a reply.

type Script = (res: ServerResponse) => Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const event = (delta: string, extra = '') =>
  `data: {"id":"chat_7"${extra},"path":"chat.output[0].content","delta":${JSON.stringify(delta)}}\r\n\r\n`;

let server: Server;
let url: string;
let script: Script = async (res) => void res.end();
const received: Array<{ authorization?: string; body: Record<string, unknown> }> = [];

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) {
      text += String(chunk);
    }
    received.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
    await script(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What the client has shown so far, in order. */
let partials: string[] = [];

/** Resolves once the client has shown `count` partial replies (fails the test after 5 s). */
async function shown(count: number): Promise<void> {
  for (let waited = 0; partials.length < count; waited += 5) {
    if (waited > 5000) {
      throw new Error(`the client showed ${partials.length} partial replies, not ${count}`);
    }
    await sleep(5);
  }
}

/**
 * Streams `parts` as separate writes with a pause between them. A part given as a number waits
 * until the client has shown that many partial replies, so writes never merge under load.
 */
function streamed(parts: Array<string | number>, end = true): Script {
  return async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    for (const part of parts) {
      if (typeof part === 'number') {
        await shown(part);
      } else {
        res.write(part);
        await sleep(20);
      }
    }
    if (end) {
      res.end();
    } else {
      res.destroy();
    }
  };
}

const BODY: WebChatBody = { assistantId: 'asst_1', input: 'Is 2 PM free?', stream: true };

async function send(): Promise<{ reply: Promise<WebChatResponse>; partials: string[] }> {
  partials = [];
  const chat = createWebChat({ publicKey: 'pk_test', apiBaseUrl: url });
  const reply = chat(BODY, (partial) => partials.push(replyText(partial)));
  return { reply, partials };
}

describe('POST /chat/web, streamed', () => {
  it('grows the reply event by event, whatever the write boundaries, and ends with the chat id', async () => {
    received.length = 0;
    const [first, second, third] = [
      event('Yes,'),
      event(' 2 PM', ',"sessionId":"sess_1"'),
      event(' is free.'),
    ];
    // Cut mid-line, between an event's CR LF pair, and mid-event.
    script = streamed([
      ': connected\r\n\r\n',
      first.slice(0, 20),
      first.slice(20, -1),
      first.slice(-1) + second.slice(0, 40),
      1,
      second.slice(40) + third.slice(0, 10),
      2,
      third.slice(10),
    ]);
    const { reply, partials } = await send();
    expect(await reply).toEqual({
      id: 'chat_7',
      sessionId: 'sess_1',
      output: [{ role: 'assistant', content: 'Yes, 2 PM is free.' }],
    });
    expect(partials).toEqual(['Yes,', 'Yes, 2 PM', 'Yes, 2 PM is free.']);
    expect(received).toEqual([{ authorization: 'Bearer pk_test', body: BODY }]);
  });

  it('takes a JSON answer as it is when the server does not stream', async () => {
    const chat = { id: 'chat_8', output: [{ role: 'assistant', content: 'Whole reply.' }] };
    script = async (res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify(chat));
    };
    const { reply, partials } = await send();
    expect(await reply).toEqual(chat);
    expect(partials).toEqual([]);
  });

  it('fails with the status on a 500, once (a POST is not retried)', async () => {
    received.length = 0;
    script = async (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"message":"Internal server error"}');
    };
    const { reply } = await send();
    const error = await reply.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(received).toHaveLength(1);
  });

  it('fails when the connection drops halfway through the reply, after showing its start', async () => {
    script = streamed([event('Let me'), 1, event(' check'), 2, 'data: {"id":"chat_7","pa'], false);
    const { reply, partials } = await send();
    await expect(reply).rejects.toBeInstanceOf(ApiConnectionError);
    expect(partials).toEqual(['Let me', 'Let me check']);
  });

  it('fails when a stream ends without a single event to take the chat id from', async () => {
    script = streamed([': nothing to say\n\n']);
    const { reply } = await send();
    await expect(reply).rejects.toBeInstanceOf(ApiError);
  });
});

describe('one typed message’s turn: tool calls answered on the same chat', () => {
  it('sends the results as tool messages, continues the chat, and joins what the assistant said', async () => {
    received.length = 0;
    const call = {
      id: 'call_1',
      type: 'function',
      function: { name: 'capture_lead', arguments: '{"name":"Sam"}' },
    };
    let index = 0;
    script = async (res) => {
      index += 1;
      if (index === 1) {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chat_a',
            output: [{ role: 'assistant', content: 'One moment.', tool_calls: [call] }],
          }),
        );
        return;
      }
      await streamed([event('Saved', ',"sessionId":"sess_b"'), 1, event(', thanks.')])(res);
    };
    const config = parseAttributes(
      attributeValues({
        assistantId: 'asst_1',
        assistantOverrides: '{"variableValues":{"agent_name":"Host","tone":"warm"}}',
      }),
    );
    let thread: ChatThread = { previousChatId: 'chat_0' };
    partials = [];
    const ran: unknown[] = [];
    const said = await chatTurn(createWebChat({ publicKey: 'pk_test', apiBaseUrl: url }), {
      text: 'I’m Sam',
      config,
      language: 'en',
      consent: null,
      variables: { agent_name: 'Daniel', listing_address: '14 Linden Court' },
      thread: () => thread,
      onReply: (response) => {
        thread = response.sessionId
          ? { sessionId: response.sessionId }
          : { previousChatId: response.id };
      },
      onText: (text) => partials.push(text),
      runTools: async (calls) => {
        ran.push(calls);
        return [{ toolCallId: 'call_1', content: 'Saved. Tell the caller.' }];
      },
    });
    expect(said).toBe('One moment.\n\nSaved, thanks.');
    expect(partials).toEqual(['One moment.\n\nSaved', 'One moment.\n\nSaved, thanks.']);
    expect(ran).toEqual([{ type: 'tool-calls', toolCallList: [call] }]);
    expect(thread).toEqual({ sessionId: 'sess_b' });
    const [first, second] = received.map((r) => r.body);
    expect(first).toEqual({
      assistantId: 'asst_1',
      previousChatId: 'chat_0',
      input: 'I’m Sam',
      stream: true,
      assistantOverrides: {
        variableValues: {
          language: 'en',
          agent_name: 'Host',
          tone: 'warm',
          listing_address: '14 Linden Court',
        },
      },
    });
    expect(second).toEqual({
      ...first,
      previousChatId: 'chat_a',
      input: [{ role: 'tool', tool_call_id: 'call_1', content: 'Saved. Tell the caller.' }],
    });
  });
});
