import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { DeskEnv } from '../config/desk-env.ts';
import type { DeskMetrics } from '../metrics/desk-metrics.ts';
import { errorBody } from '../web/error-body.ts';
import { socketAddress } from '../web/request-source.ts';
import { sameSecret } from './platform-route.ts';

/** What decides whether a request may read the metrics. */
export interface MetricsAsker {
  /** The socket's peer address, or `null` when unknown. */
  socket: string | null;
  /** Whether the request came through a proxy (it carries a forwarding header). */
  forwarded: boolean;
  authorization: string | undefined;
}

/**
 * Who may read GET /metrics (pure): anyone with `Authorization: Bearer DESK_METRICS_TOKEN`, and
 * a direct request from `DESK_METRICS_HOST`. A request a proxy forwarded is never direct: behind
 * Caddy on the same machine every request arrives from 127.0.0.1, public ones included.
 */
export function metricsAccess(
  asker: MetricsAsker,
  policy: DeskEnv['metrics'],
): 'allowed' | 'unauthorized' | 'forbidden' {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(asker.authorization ?? '')?.[1];
  if (policy.token !== null && bearer !== undefined && sameSecret(bearer, policy.token)) {
    return 'allowed';
  }
  if (!asker.forwarded && asker.socket !== null && policy.hosts.has(asker.socket)) {
    return 'allowed';
  }
  return policy.token === null ? 'forbidden' : 'unauthorized';
}

/**
 * Counts every answer by the route pattern that made it (`/api/leads/:id`, never the path with
 * its id); a request no route took is `unmatched`.
 */
export function requestMetrics(metrics: DeskMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const pattern = routePath(c);
    const route = pattern === '' || pattern === '*' || pattern === '/*' ? 'unmatched' : pattern;
    metrics.request(route, c.req.method, c.res.status, (performance.now() - started) / 1000);
  };
}

/** `GET /metrics`, Prometheus's text format, for the askers {@link metricsAccess} allows. */
export function metricsRoute(metrics: DeskMetrics, policy: DeskEnv['metrics']): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    const access = metricsAccess(
      {
        socket: socketAddress(c),
        forwarded: ['x-forwarded-for', 'forwarded', 'x-real-ip'].some(
          (name) => c.req.header(name) !== undefined,
        ),
        authorization: c.req.header('authorization'),
      },
      policy,
    );
    if (access === 'unauthorized') {
      c.header('www-authenticate', 'Bearer');
      return errorBody(c, 401, 'unauthorized', 'Send Authorization: Bearer DESK_METRICS_TOKEN');
    }
    if (access === 'forbidden') {
      return errorBody(c, 403, 'forbidden', 'Metrics answer only on DESK_METRICS_HOST');
    }
    return c.text(await metrics.text(), 200, {
      'content-type': metrics.registry.contentType,
      'cache-control': 'no-store',
    });
  });
  return app;
}
