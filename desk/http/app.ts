import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { databaseAnswers } from '../storage/database-health.ts';
import { TZDATA_VERSION } from '../time/tz-zone.ts';
import { errorBody } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { leadsRoute } from './leads-route.ts';
import { metricsRoute, requestMetrics } from './metrics-route.ts';
import { platformRoute } from './platform-route.ts';
import { requestLog } from './request-log.ts';

/** Extra routes mounted on the desk's app (the inbox adds its pages and `/api/`). */
export type RouteMount = (app: Hono, services: DeskServices) => void;

/**
 * The desk's HTTP app (docs/desk.md#http): security headers on every answer, one log line per
 * request, `GET /health`, `POST /leads`, `POST /platform/webhook`, then the given mounts.
 */
export function createDeskApp(services: DeskServices, mounts: readonly RouteMount[] = []): Hono {
  const app = new Hono();
  app.use('*', requestLog(services.log));
  if (services.metrics) {
    app.use('*', requestMetrics(services.metrics));
    app.route('/', metricsRoute(services.metrics, services.env.metrics));
  }
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      crossOriginResourcePolicy: false,
      // A page that sets its own policy (the inbox's, desk/inbox/inbox-pages.ts) keeps it.
      overwrite: false,
    }),
  );
  app.get('/health', async (c) => {
    if (await databaseAnswers(services.database.db)) {
      return c.json({ ok: true, database: services.database.kind, tzdata: TZDATA_VERSION }, 200, {
        'cache-control': 'no-store',
      });
    }
    return c.json({ ok: false, database: services.database.kind, tzdata: TZDATA_VERSION }, 503);
  });
  app.route('/', leadsRoute(services));
  app.route('/', platformRoute(services));
  for (const mount of mounts) {
    mount(app, services);
  }
  app.notFound((c) => errorBody(c, 404, 'not-found', 'No such route'));
  app.onError((error, c) => {
    services.log.error({ msg: 'unhandled', error: error.name });
    return errorBody(c, 500, 'internal', 'Something went wrong on the desk');
  });
  return app;
}
