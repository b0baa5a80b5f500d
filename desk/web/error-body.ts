import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IngestError } from '../ingest/ingest-error.ts';

/** The desk's error answer: `{ "error": { "code", "message" } }` (docs/desk.md#ingest). */
export function errorBody(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ error: { code, message } }, status, { 'cache-control': 'no-store' });
}

/** The answer for a refused body, or for a store that could not be reached. */
export function ingestFailure(c: Context, error: unknown) {
  if (error instanceof IngestError) {
    return errorBody(c, error.status as ContentfulStatusCode, error.code, error.message);
  }
  return errorBody(
    c,
    503,
    'database-unavailable',
    'The lead could not be stored right now. Send it again later; nothing was kept.',
  );
}
