import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A loopback Standard Webhooks receiver, as Zapier or a brokerage's endpoint would be: it
 * verifies each signature (and the timestamp's 5 minute tolerance) with the `standardwebhooks`
 * package, answers 401 to a bad one, and records each `webhook-id` once.
 */

/** One request as received. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  contentType: string;
  text: string;
  /** The verified payload; `undefined` when verification failed. */
  payload?: unknown;
}

export interface WebhookReceiver {
  readonly url: string;
  /** Every request, verified or not, in order. */
  readonly requests: ReceivedWebhook[];
  /** Verified messages, one per `webhook-id` (a repeat is acknowledged, not recorded again). */
  readonly messages: ReceivedWebhook[];
  /** Every `webhook-id` seen on a verified request, repeats included, in order. */
  readonly ids: string[];
  /** Answer the next `count` verified requests with `status` after recording them. */
  failNext(count: number, status: number): void;
  reset(): void;
  close(): Promise<void>;
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** Starts a receiver on 127.0.0.1 that verifies with `secret` (`whsec_…`). */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const requests: ReceivedWebhook[] = [];
  const messages: ReceivedWebhook[] = [];
  const ids: string[] = [];
  const sockets = new Set<Socket>();
  let forced: { count: number; status: number } | null = null;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const received: ReceivedWebhook = {
      id: header(req, 'webhook-id'),
      timestamp: header(req, 'webhook-timestamp'),
      signature: header(req, 'webhook-signature'),
      contentType: header(req, 'content-type'),
      text,
    };
    requests.push(received);
    try {
      received.payload = verifier.verify(text, {
        'webhook-id': received.id,
        'webhook-timestamp': received.timestamp,
        'webhook-signature': received.signature,
      });
    } catch (error) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : 'invalid signature');
      return;
    }
    ids.push(received.id);
    if (!messages.some((m) => m.id === received.id)) {
      messages.push(received);
    }
    if (forced !== null && forced.count > 0) {
      forced.count -= 1;
      res.writeHead(forced.status, { 'content-type': 'text/plain' });
      res.end(`forced ${forced.status}`);
      return;
    }
    res.writeHead(204);
    res.end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    requests,
    messages,
    ids,
    failNext(count, status) {
      forced = { count, status };
    },
    reset() {
      requests.length = 0;
      messages.length = 0;
      ids.length = 0;
      forced = null;
    },
    close() {
      for (const socket of sockets) {
        socket.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
