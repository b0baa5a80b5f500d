import type { ApiCore, RequestOptions } from './core.ts';
import type { RouteSpec } from './route-spec.ts';
import type { Resource } from './types.ts';

/**
 * Turns route rows into methods, one per row, named by `row.name`. A method takes the path
 * parameters in template order, then the body (routes with a body) or the query (routes with a
 * query), then {@link RequestOptions}. Nothing is written by hand per route, so the client
 * cannot drift from the table.
 */
export function defineResource<const Rows extends readonly RouteSpec[]>(
  core: ApiCore,
  rows: Rows,
): Resource<Rows> {
  const resource: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const route of rows) {
    const count = route.path.split('{').length - 1;
    const hasBody = !!route.body && route.body !== 'none';
    const takesInput = hasBody || route.query === true;
    resource[route.name] = (...args) => {
      const input = takesInput ? args[count] : undefined;
      const options = args[takesInput ? count + 1 : count] as RequestOptions | undefined;
      // `params` may run past the path parameters: the path encoder reads only as many as it needs.
      return core.request(
        route,
        hasBody ? { params: args, body: input } : { params: args, query: input as object },
        options,
      );
    };
  }
  return resource as unknown as Resource<Rows>;
}
