import { getCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { findSession } from '../auth/sessions.ts';
import { errorBody } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { API, type LiveEvent, SESSION_COOKIE } from './api-contract.ts';
import type { Serve } from './api-serve.ts';
import { nowOf } from './api-session.ts';

/** A comment line this often keeps proxies from closing an idle stream, and rechecks the session. */
export const LIVE_HEARTBEAT_MS = 25_000;

/**
 * `GET /api/live` (issue 27 §1, docs/inbox.md#live): the signed-in user's stream of changed lead
 * ids. A session signed out or expired ends its stream at the next heartbeat.
 */
export function liveRoutes(serve: Serve, services: DeskServices): void {
  serve(API.live, async (c) => {
    const hub = services.live;
    if (!hub) {
      return errorBody(c, 503, 'unavailable', 'The live inbox is not running on this desk');
    }
    const session = c.get('session');
    // The guard found the session by this cookie; the heartbeat asks again with it.
    const token = getCookie(c, SESSION_COOKIE) ?? '';
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      let done: () => void = () => undefined;
      const ended = new Promise<void>((resolve) => {
        done = resolve;
      });
      const unsubscribe = hub.subscribe({
        viewer: { email: session.user.email, role: session.user.role },
        send(ids) {
          const data: LiveEvent = { ids: [...ids] };
          stream.writeSSE({ event: 'leads', data: JSON.stringify(data) }).catch(done);
        },
        end: () => done(),
      });
      stream.onAbort(() => done());
      const heartbeat = setInterval(() => {
        findSession(services.database.db, token, nowOf(services), services.env.sessions)
          .then(async (still) => {
            if (still === null) {
              done();
            } else {
              await stream.write(': still here\n\n');
            }
          })
          .catch(() => undefined);
      }, LIVE_HEARTBEAT_MS);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        await ended;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
    });
  });
}
