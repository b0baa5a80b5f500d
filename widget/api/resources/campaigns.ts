import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** SPEC §7 "campaign". */
// biome-ignore format: the route table reads best as one row per line
export const CAMPAIGN_ROUTES = [
  { name: 'create', method: 'POST', path: '/campaign', body: 'json', auth: 'bearer' },
  { name: 'list', method: 'GET', path: '/campaign', body: 'none', auth: 'bearer', query: true, paginated: true },
  { name: 'listPaginated', method: 'GET', path: '/campaign/paginated', body: 'none', auth: 'bearer', query: true, paginated: true },
  { name: 'get', method: 'GET', path: '/campaign/{id}', body: 'none', auth: 'bearer' },
  { name: 'update', method: 'PATCH', path: '/campaign/{id}', body: 'json', auth: 'bearer' },
  { name: 'delete', method: 'DELETE', path: '/campaign/{id}', body: 'none', auth: 'bearer' },
] as const satisfies readonly RouteSpec[];

/** `campaigns.create`, `campaigns.listPaginated`… over a shared core. */
export const campaignsResource = (core: ApiCore) => defineResource(core, CAMPAIGN_ROUTES);
