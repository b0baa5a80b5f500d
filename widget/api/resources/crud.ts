import type { RouteSpec } from '../route-spec.ts';

/**
 * The five rows docs/behaviour.md#api-routes gives tool, knowledge-base, squad, token and template: POST and GET on
 * the collection, GET, PATCH and DELETE on `/{resource}/{id}`. Literal types are kept, so the
 * generated request and response types still attach to each row.
 */
export function crudRoutes<const P extends string>(path: P) {
  const item = `${path}/{id}` as const;
  // biome-ignore format: one route row per line
  return [
    { name: 'create', method: 'POST', path, body: 'json' },
    { name: 'list', method: 'GET', path, query: true },
    { name: 'get', method: 'GET', path: item },
    { name: 'update', method: 'PATCH', path: item, body: 'json' },
    { name: 'delete', method: 'DELETE', path: item },
  ] as const satisfies readonly RouteSpec[];
}
