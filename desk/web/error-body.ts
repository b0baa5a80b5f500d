import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { IngestError } from '../ingest/ingest-error.ts';

/**
 * The desk's error answer: `{ "error": { "code", "message" } }` (docs/desk.md#ingest), with the
 * `field` at fault when the refusal names one (a routing rule's `rules[2].action`).
 */
export function errorBody(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  field?: string,
) {
  const error = field === undefined ? { code, message } : { code, message, field };
  return c.json({ error }, status, { 'cache-control': 'no-store' });
}

/**
 * The answer for a refused body (its 4xx), or for a store that could not be reached (503, logged
 * as `what` with the error's SQLSTATE: 53100 disk full, 08006 connection lost, 57P01 shut down).
 * The log line repeats no value of the body.
 */
export function ingestFailure(
  c: Context,
  error: unknown,
  log: Pick<Logger, 'error'>,
  what: string,
) {
  if (error instanceof IngestError) {
    return errorBody(c, error.status as ContentfulStatusCode, error.code, error.message);
  }
  const code = (error as { code?: unknown } | null)?.code;
  log.error({
    msg: what,
    error: (error as Error | null)?.name,
    ...(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && { code }),
  });
  return errorBody(
    c,
    503,
    'database-unavailable',
    'The lead could not be stored right now. Send it again later; nothing was kept.',
  );
}
