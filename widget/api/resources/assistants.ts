import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** SPEC §7 "assistant" and GET /v2/assistant from "call v2". */
// biome-ignore format: the route table reads best as one row per line
export const ASSISTANT_ROUTES = [
  { name: 'create', method: 'POST', path: '/assistant', body: 'json', auth: 'bearer' },
  { name: 'list', method: 'GET', path: '/assistant', body: 'none', auth: 'bearer', query: true },
  { name: 'get', method: 'GET', path: '/assistant/{id}', body: 'none', auth: 'bearer' },
  { name: 'update', method: 'PATCH', path: '/assistant/{id}', body: 'json', auth: 'bearer' },
  { name: 'replace', method: 'PUT', path: '/assistant/{id}', body: 'json', auth: 'bearer' },
  { name: 'delete', method: 'DELETE', path: '/assistant/{id}', body: 'none', auth: 'bearer' },
  { name: 'listVersions', method: 'GET', path: '/assistant/{id}/version', body: 'none', auth: 'bearer', query: true },
  { name: 'listPaginated', method: 'GET', path: '/v2/assistant', body: 'none', auth: 'bearer', query: true, paginated: true },
] as const satisfies readonly RouteSpec[];

/** `assistants.create`, `assistants.replace`, `assistants.listVersions`… over a shared core. */
export const assistantsResource = (core: ApiCore) => defineResource(core, ASSISTANT_ROUTES);
