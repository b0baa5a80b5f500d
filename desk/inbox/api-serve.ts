import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { SessionUser } from '../auth/sessions.ts';
import { errorBody } from '../web/error-body.ts';
import type { AnswerOf, ApiRoute, ParamsOf } from './route-table.ts';

/** The Hono environment of the inbox's API: the signed-in user, once checked. */
export interface ApiEnv {
  Variables: { session: SessionUser };
}

/** What a handler is given: the path's parameters and the query's first values, NUL-free. */
export interface ApiInput<R extends ApiRoute> {
  params: ParamsOf<R['path']>;
  query: Record<string, string>;
}

/**
 * A route's handler: its answer as the table types it (written as JSON, or as 204 for an
 * `empty` answer), or a whole Response (an error, a stream).
 */
export type ApiHandler<R extends ApiRoute> = (
  c: Context<ApiEnv>,
  input: ApiInput<R>,
) => Promise<AnswerOf<R> | Response>;

/** Registers the handler of one route of the table, at its method and path. */
export type Serve = <R extends ApiRoute>(route: R, handler: ApiHandler<R>) => void;

/** The first value of the first query parameter or path segment holding a NUL, by name. */
function nulIn(c: Context<ApiEnv>): string | null {
  // PostgreSQL refuses a NUL in text: found here it is the caller's mistake (400), not a 500.
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.some((value) => value.includes('\0'))) {
      return name;
    }
  }
  for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
    if (value.includes('\0')) {
      return name;
    }
  }
  return null;
}

/**
 * The registrar of the table's routes on `app`: each route runs `before(route)` (its guards and
 * limits), then refuses a NUL in its query or path (400 naming the parameter), then its handler.
 */
export function routeServer(
  app: Hono<ApiEnv>,
  before: (route: ApiRoute) => MiddlewareHandler<ApiEnv>[],
): Serve {
  return <R extends ApiRoute>(route: R, handler: ApiHandler<R>) => {
    const answer: MiddlewareHandler<ApiEnv> = async (c) => {
      const bad = nulIn(c);
      if (bad !== null) {
        return errorBody(c, 400, 'bad-request', `${bad} must not contain a NUL character`);
      }
      const params = c.req.param() as ParamsOf<R['path']>;
      const result = await handler(c, { params, query: c.req.query() });
      if (result instanceof Response) {
        return result;
      }
      return route.answer.kind === 'empty' ? c.body(null, 204) : c.json(result as object);
    };
    app.on(route.method, [route.path], ...before(route), answer);
  };
}
