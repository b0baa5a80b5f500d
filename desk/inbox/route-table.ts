/**
 * The shapes of the inbox's route table (desk/inbox/api-contract.ts) and the path rules both
 * sides share: the desk registers its handlers and serves its pages from the table, and the app
 * builds its requests, links and page lookup from the same entries. Pure: no I/O, no framework.
 */

/** The HTTP methods the inbox's API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route or open a page: `anyone` (signing in), or a `signed-in` user. Finer rules
 * (an agent sees only their own leads, only a broker assigns) belong to the handlers.
 */
export type Access = 'anyone' | 'signed-in';

/** A type the table carries for the compiler only; at run time it is an empty object. */
export interface Shape<T> {
  readonly shape?: T;
}

/** Marks a request's query or body type in the table. */
export function shape<T>(): Shape<T> {
  return {};
}

/** What a route answers: JSON of a type, a CSV file, nothing (204), or a stream of events. */
export interface Answer<T> extends Shape<T> {
  readonly kind: 'json' | 'csv' | 'empty' | 'events';
}

/** A JSON answer of type `T`. */
export function json<T>(): Answer<T> {
  return { kind: 'json' };
}

/** A `text/csv` download (the app links to it; it never parses it). */
export const CSV: Answer<string> = { kind: 'csv' };

/** A `text/event-stream` of `T` in each event's data (the app reads it with EventSource). */
export function events<T>(): Answer<T> {
  return { kind: 'events' };
}

/** 204 No Content. */
export const EMPTY: Answer<void> = { kind: 'empty' };

/** One route of the inbox's API. */
export interface ApiRoute {
  readonly method: Method;
  /** Hono's syntax: `:name` is one path segment. */
  readonly path: `/api/${string}`;
  readonly access: Access;
  readonly query?: Shape<unknown>;
  readonly body?: Shape<unknown>;
  readonly answer: Answer<unknown>;
}

/** One page of the app: the desk answers index.html for its path, and the app shows it. */
export interface InboxPage {
  readonly path: `/inbox${string}`;
  readonly access: Access;
}

/** A path's `:name` parameters as an object type: `/api/leads/:id` → `{ id: string }`. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The type a route answers with. */
export type AnswerOf<R extends ApiRoute> = R['answer'] extends Answer<infer T> ? T : never;

/** The type of a route's query, or `undefined` when it takes none. */
export type QueryOf<R extends ApiRoute> = R extends { query: Shape<infer Q> } ? Q : undefined;

/** The type of a route's body, or `undefined` when it takes none. */
export type BodyOf<R extends ApiRoute> = R extends { body: Shape<infer B> } ? B : undefined;

const PARAM = /:([A-Za-z][A-Za-z0-9]*)/g;

/** The path with each `:name` replaced by its value, encoded as one segment. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(PARAM, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * The pattern of a path: its text as written, each `:name` one segment of 1 to 100 characters
 * (captured), and an optional trailing slash.
 */
export function pathPattern(path: string): RegExp {
  const parts = path.split(PARAM).map((part, i) =>
    // split() with a capture group puts the names at the odd indexes.
    i % 2 === 1 ? '([^/]{1,100})' : part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
  );
  return new RegExp(`^${parts.join('').replace(/\\\/$/, '')}\\/?$`);
}

/** The raw (still encoded) parameters of `pathname` under `path`, or null when it does not match. */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  const match = pathPattern(path).exec(pathname);
  if (!match) {
    return null;
  }
  const names = [...path.matchAll(PARAM)].map((m) => m[1] ?? '');
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
}
