import type { Context } from 'hono';
import { IngestError } from '../ingest/ingest-error.ts';

/**
 * Reads a JSON request body: 415 when it is not declared JSON, 400 when it does not parse. The
 * size limit is the route's body-limit middleware's.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new IngestError(
      'unsupported-media-type',
      'Send the body as JSON (Content-Type: application/json)',
      415,
    );
  }
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new IngestError('bad-json', 'The body is not valid JSON', 400, 'body');
  }
}
