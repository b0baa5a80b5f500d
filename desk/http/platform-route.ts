import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { answerPlatformMessage } from '../ingest/platform-answer.ts';
import { readJsonBody } from '../web/body-json.ts';
import { limitBody } from '../web/body-limit.ts';
import { errorBody, ingestFailure } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { perMinuteLimit } from './per-minute-limit.ts';

/** The largest server message read: end-of-call reports carry whole transcripts. */
export const PLATFORM_MAX_BYTES = 16 * 1024 * 1024;

/** Compares two secrets in constant time (for equal lengths; a length mismatch is a miss). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) {
    return false;
  }
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Compare against itself on a length mismatch, so the time does not depend on the length.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

/**
 * `POST /platform/webhook`: the voice platform's server messages (docs/desk.md#ingest). The
 * `x-vapi-secret` header must equal `DESK_PLATFORM_SECRET` (401 otherwise; 503 when no secret
 * is set, so it never runs open). Bodies are checked against the `ServerMessage*` schemas.
 */
export function platformRoute(services: DeskServices): Hono {
  const app = new Hono();
  const { env } = services;
  const secret = env.platformSecret;
  // Counted before the secret is checked, per client: guessing the secret is slowed, and one
  // address over its limit never holds up the platform's own servers.
  if (env.platformPerMinute > 0) {
    app.use(
      '/platform/webhook',
      perMinuteLimit(
        env,
        env.platformPerMinute,
        'Too many server messages from this address; try again in a minute.',
      ),
    );
  }
  app.post(
    '/platform/webhook',
    async (c, next) => {
      if (secret === null) {
        return errorBody(c, 503, 'not-configured', 'not configured: set DESK_PLATFORM_SECRET');
      }
      if (!sameSecret(c.req.header('x-vapi-secret'), secret)) {
        services.log.warn({ msg: 'platform webhook refused', reason: 'wrong secret' });
        return errorBody(c, 401, 'unauthorized', 'The x-vapi-secret header is missing or wrong');
      }
      await next();
    },
    limitBody({
      maxSize: PLATFORM_MAX_BYTES,
      onError: (c) => errorBody(c, 413, 'body-too-large', 'A server message is at most 16 MB'),
    }),
    async (c) => {
      try {
        const answer = await answerPlatformMessage(
          {
            db: services.database.db,
            brokerage: services.brokerage,
            adapters: services.adapters,
            oneSession: services.database.kind === 'embedded',
            ...(services.metrics && { onStored: services.metrics.captureStored }),
            messageValidator: services.messageValidator,
            ...(services.now && { now: services.now }),
          },
          await readJsonBody(c),
        );
        if (answer.deliverNow) {
          services.wakeOutbox();
        }
        return c.json(answer.body, 200);
      } catch (error) {
        return ingestFailure(c, error, services.log, 'platform message not stored');
      }
    },
  );
  return app;
}
