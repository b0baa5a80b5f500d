import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

/**
 * One JSON log line per request (docs/desk.md#logs): method, path, status and time. Never the
 * query string, a header or a body, which may carry names, phone numbers or transcripts.
 */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log.info({
      msg: 'request',
      method: c.req.method,
      path: c.req.path.slice(0, 200),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
