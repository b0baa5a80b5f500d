import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "file". Uploads are multipart form data; the runtime writes the boundary. */
// biome-ignore format: the route table reads best as one row per line
export const FILE_ROUTES = [
  { name: 'uploadDeprecated', method: 'POST', path: '/file/upload', body: 'form-data' },
  { name: 'upload', method: 'POST', path: '/file', body: 'form-data' },
  { name: 'list', method: 'GET', path: '/file', query: true },
  { name: 'get', method: 'GET', path: '/file/{id}' },
  { name: 'update', method: 'PATCH', path: '/file/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/file/{id}' },
] as const satisfies readonly RouteSpec[];

/** `files.upload`, `files.list`… over a shared core. */
export const filesResource = (core: ApiCore) => defineResource(core, FILE_ROUTES);
