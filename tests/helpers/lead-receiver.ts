import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A loopback `lead-endpoint` for the widget's browser tests: it keeps each JSON body it receives
 * once per `idempotencyKey` (201 the first time, 200 for a repeat, as the desk answers) and
 * 400 for a body without a key. The desk itself is tested in tests/desk and desk-pipeline.
 */
export class LeadReceiver {
  /** The bodies received, each key once, in order. */
  readonly captures: Array<Record<string, unknown>> = [];

  /** The route handler (same-origin with the page, so no CORS). */
  readonly handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      body = null;
    }
    const key = body?.idempotencyKey;
    const json = { 'content-type': 'application/json' };
    if (body === null || typeof key !== 'string') {
      res.writeHead(400, json).end('{"error":{"code":"invalid-field","message":"idempotencyKey"}}');
      return;
    }
    const repeat = this.captures.some((c) => c.idempotencyKey === key);
    if (!repeat) {
      this.captures.push(body);
    }
    res.writeHead(repeat ? 200 : 201, json).end(JSON.stringify({ ok: true, idempotencyKey: key }));
  };
}
