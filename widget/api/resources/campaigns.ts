import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "campaign". */
// biome-ignore format: the route table reads best as one row per line
export const CAMPAIGN_ROUTES = [
  { name: 'create', method: 'POST', path: '/campaign', body: 'json' },
  { name: 'list', method: 'GET', path: '/campaign', query: true, paginated: true },
  { name: 'listPaginated', method: 'GET', path: '/campaign/paginated', query: true, paginated: true },
  { name: 'get', method: 'GET', path: '/campaign/{id}' },
  { name: 'update', method: 'PATCH', path: '/campaign/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/campaign/{id}' },
] as const satisfies readonly RouteSpec[];

/** `campaigns.create`, `campaigns.listPaginated`… over a shared core. */
export const campaignsResource = (core: ApiCore) => defineResource(core, CAMPAIGN_ROUTES);
