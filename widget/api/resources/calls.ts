import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** SPEC §7 "call" and the call rows of "call v2". */
// biome-ignore format: the route table reads best as one row per line
export const CALL_ROUTES = [
  { group: 'calls', name: 'create', method: 'POST', path: '/call', body: 'json', auth: 'bearer' },
  { group: 'calls', name: 'list', method: 'GET', path: '/call', body: 'none', auth: 'bearer', query: true },
  { group: 'calls', name: 'get', method: 'GET', path: '/call/{id}', body: 'none', auth: 'bearer' },
  { group: 'calls', name: 'update', method: 'PATCH', path: '/call/{id}', body: 'json', auth: 'bearer' },
  { group: 'calls', name: 'delete', method: 'DELETE', path: '/call/{id}', body: 'json', auth: 'bearer' },
  { group: 'calls', name: 'createPhone', method: 'POST', path: '/call/phone', body: 'json', auth: 'bearer' },
  { group: 'calls', name: 'createWeb', method: 'POST', path: '/call/web', body: 'json', auth: 'bearer', publicKey: true },
  { group: 'calls', name: 'export', method: 'GET', path: '/v2/call/export', body: 'none', auth: 'bearer', query: true },
  { group: 'calls', name: 'listPaginated', method: 'GET', path: '/v2/call', body: 'none', auth: 'bearer', query: true, paginated: true },
  { group: 'calls', name: 'listMetadata', method: 'GET', path: '/v2/call/metadata', body: 'none', auth: 'bearer', query: true, paginated: true },
] as const satisfies readonly RouteSpec[];

/** `calls.create`, `calls.createWeb`, `calls.listPaginated`… over a shared core. */
export const callsResource = (core: ApiCore) => defineResource(core, CALL_ROUTES);
