import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "assistant" and GET /v2/assistant from "call v2". */
// biome-ignore format: the route table reads best as one row per line
export const ASSISTANT_ROUTES = [
  { name: 'create', method: 'POST', path: '/assistant', body: 'json' },
  { name: 'list', method: 'GET', path: '/assistant', query: true },
  { name: 'get', method: 'GET', path: '/assistant/{id}' },
  { name: 'update', method: 'PATCH', path: '/assistant/{id}', body: 'json' },
  { name: 'replace', method: 'PUT', path: '/assistant/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/assistant/{id}' },
  { name: 'listVersions', method: 'GET', path: '/assistant/{id}/version', query: true },
  { name: 'listPaginated', method: 'GET', path: '/v2/assistant', query: true, paginated: true },
] as const satisfies readonly RouteSpec[];

/** `assistants.create`, `assistants.replace`, `assistants.listVersions`… over a shared core. */
export const assistantsResource = (core: ApiCore) => defineResource(core, ASSISTANT_ROUTES);
