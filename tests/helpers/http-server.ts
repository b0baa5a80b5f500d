import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent (still percent-encoded). */
  url: string;
  /** The raw path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** Settles when the exchange ends: after the reply, or when the client drops the connection. */
  closed: Promise<void>;
}

/** What the server sends back. `hang` never answers; `destroy` drops the connection. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings as they are. */
  body?: string | object;
  delayMs?: number;
  hang?: boolean;
  destroy?: boolean;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Replies used one per request, in order; afterwards the handler (default: 200 `{}`). */
  queue(...replies: Reply[]): void;
  handle(handler: Handler): void;
  /** Forget requests, queued replies and the handler. */
  reset(): void;
  close(): Promise<void>;
}

const defaultHandler: Handler = () => ({ body: {} });

/** A node:http server on 127.0.0.1 with an ephemeral port that records what it receives. */
export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const queued: Reply[] = [];
  let handler = defaultHandler;
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    const url = req.url ?? '/';
    const split = url.indexOf('?');
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      url,
      path: split === -1 ? url : url.slice(0, split),
      query: new URLSearchParams(split === -1 ? '' : url.slice(split + 1)),
      headers: req.headers,
      body,
      text: body.toString('utf8'),
      closed,
    };
    requests.push(recorded);
    const reply = queued.shift() ?? (await handler(recorded));
    if (reply.delayMs) {
      await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    }
    if (reply.hang) {
      return;
    }
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const isText = typeof reply.body === 'string';
    const payload =
      reply.body === undefined ? '' : isText ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      ...(payload && !isText ? { 'content-type': 'application/json' } : {}),
      ...reply.headers,
    });
    res.end(payload);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    queue: (...replies) => {
      queued.push(...replies);
    },
    handle: (next) => {
      handler = next;
    },
    reset: () => {
      requests.length = 0;
      queued.length = 0;
      handler = defaultHandler;
    },
    close: () =>
      new Promise((resolve, reject) => {
        for (const socket of sockets) {
          socket.destroy();
        }
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
