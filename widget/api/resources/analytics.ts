import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "analytics". */
// biome-ignore format: the route table reads best as one row per line
export const ANALYTICS_ROUTES = [
  { name: 'query', method: 'POST', path: '/analytics', body: 'json' },
] as const satisfies readonly RouteSpec[];

/** `analytics.query(body)` over a shared core. */
export const analyticsResource = (core: ApiCore) => defineResource(core, ANALYTICS_ROUTES);
