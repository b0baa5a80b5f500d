import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "session". */
// biome-ignore format: the route table reads best as one row per line
export const SESSION_ROUTES = [
  { name: 'create', method: 'POST', path: '/session', body: 'json' },
  { name: 'list', method: 'GET', path: '/session', query: true, paginated: true },
  { name: 'get', method: 'GET', path: '/session/{id}' },
  { name: 'update', method: 'PATCH', path: '/session/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/session/{id}' },
] as const satisfies readonly RouteSpec[];

/** `sessions.create`, `sessions.list`… over a shared core. */
export const sessionsResource = (core: ApiCore) => defineResource(core, SESSION_ROUTES);
