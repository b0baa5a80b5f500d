import type { MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { DeskEnv } from '../config/desk-env.ts';
import { errorBody } from '../web/error-body.ts';
import { clientIp } from '../web/request-source.ts';

/**
 * A way in's limit per client address and minute (`DESK_LEADS_PER_MINUTE`,
 * `DESK_PLATFORM_PER_MINUTE`): over it, a 429 `rate-limited` that says `tooMany`. The address is
 * the client's behind the trusted proxies, so one visitor over the limit never stops the rest.
 */
export function perMinuteLimit(
  env: Pick<DeskEnv, 'trustedProxies'>,
  limit: number,
  tooMany: string,
): MiddlewareHandler {
  return rateLimiter({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => clientIp(c, env.trustedProxies),
    handler: (c) => errorBody(c, 429, 'rate-limited', tooMany),
  });
}
