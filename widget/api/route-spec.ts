/** HTTP methods the platform uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route's body goes on the wire: `json` (application/json), `form-data` (multipart; the
 * runtime adds the boundary), `urlencoded` (application/x-www-form-urlencoded), `text`
 * (text/plain), or `none`.
 */
export type BodyKind = 'none' | 'json' | 'form-data' | 'urlencoded' | 'text';

/** One row of the route table: everything the client needs to call one operation. */
export interface RouteSpec {
  /** The method name inside its resource group: `create`, `list`, `get`… */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path template with `{param}` placeholders, filled in order from the positional arguments. */
  readonly path: string;
  /** How the body is sent; absent means `none` (the table in routes.ts spells it out). */
  readonly body?: BodyKind;
  /**
   * Absent means `bearer` (the table in routes.ts spells it out); `none` only for the credential
   * webhook, which the platform calls without a token.
   */
  readonly auth?: 'bearer' | 'none';
  /** The method takes a query object (its first argument after the path parameters). */
  readonly query?: boolean;
  /** The response is `{ results, metadata }`; see `paginate()`. */
  readonly paginated?: boolean;
  /** Callable with a public key, so allowed in a browser without `dangerouslyAllowBrowser`. */
  readonly publicKey?: boolean;
}
