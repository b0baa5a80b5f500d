import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "call" and the call rows of "call v2". */
// biome-ignore format: the route table reads best as one row per line
export const CALL_ROUTES = [
  { name: 'create', method: 'POST', path: '/call', body: 'json' },
  { name: 'list', method: 'GET', path: '/call', query: true },
  { name: 'get', method: 'GET', path: '/call/{id}' },
  { name: 'update', method: 'PATCH', path: '/call/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/call/{id}', body: 'json' },
  { name: 'createPhone', method: 'POST', path: '/call/phone', body: 'json' },
  { name: 'createWeb', method: 'POST', path: '/call/web', body: 'json', publicKey: true },
  { name: 'export', method: 'GET', path: '/v2/call/export', query: true },
  { name: 'listPaginated', method: 'GET', path: '/v2/call', query: true, paginated: true },
  { name: 'listMetadata', method: 'GET', path: '/v2/call/metadata', query: true, paginated: true },
] as const satisfies readonly RouteSpec[];

/** `calls.create`, `calls.createWeb`, `calls.listPaginated`… over a shared core. */
export const callsResource = (core: ApiCore) => defineResource(core, CALL_ROUTES);
