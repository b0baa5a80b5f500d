import type { RequestOptions } from './core.ts';
import type { FormFields } from './form-data.ts';
import type { components, paths as PublicPaths } from './generated/vapi.d.ts';
import type { paths as ExtendedPaths } from './generated/vapi-extended.d.ts';
import type { BodyKind, HttpMethod, RouteSpec } from './route-spec.ts';
import type { SupplementPaths } from './supplement.ts';

// Type-level glue between the route table and the generated OpenAPI types. An operation's types
// come from the hand-kept supplement when it lists the route (routes no document has, or has
// wrong), else from the public document, else from the extended one.

type OperationIn<Paths, P, M> = P extends keyof Paths
  ? M extends keyof Paths[P]
    ? Exclude<Paths[P][M], undefined>
    : never
  : never;
type Or<A, B> = [A] extends [never] ? B : A;

/** The generated operation object for a path template and method. */
export type OperationOf<P extends string, M extends HttpMethod> = Or<
  OperationIn<SupplementPaths, P, Lowercase<M>>,
  Or<OperationIn<PublicPaths, P, Lowercase<M>>, OperationIn<ExtendedPaths, P, Lowercase<M>>>
>;

/**
 * Multipart routes take a `FormData` (as `fetch` does), or the document's fields as a plain
 * object with `Blob`/`File` values for files, which the client turns into multipart.
 */
type ContentBody<C> = C extends { 'application/json': infer B }
  ? B
  : C extends { 'multipart/form-data': infer F }
    ? FormData | FormFields<F>
    : unknown;

/** The request body an operation accepts. */
export type BodyOf<Op> = Op extends { requestBody: { content: infer C } }
  ? ContentBody<C>
  : Op extends { requestBody?: { content: infer C } }
    ? ContentBody<C>
    : unknown;

type WithDates<Q> = {
  [K in keyof Q]: K extends `${string}At${'Gt' | 'Lt' | 'Ge' | 'Le'}` ? Q[K] | Date : Q[K];
};

/** The query object an operation accepts (date filters also take `Date`). */
export type QueryOf<Op> = Op extends { parameters: { query?: infer Q } }
  ? [Q] extends [undefined] | [never]
    ? Record<string, unknown>
    : WithDates<NonNullable<Q>>
  : Record<string, unknown>;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The parsed body of an operation's success response. */
export type ResponseOf<Op> = Op extends { responses: infer R }
  ? Or<JsonContent<R[Extract<keyof R, 200 | 201 | 202>]>, unknown>
  : unknown;

type ParamArgs<P extends string> = P extends `${string}{${string}}${infer Rest}`
  ? [string, ...ParamArgs<Rest>]
  : [];

type InputArgs<R extends RouteSpec, Op> = R extends { body: Exclude<BodyKind, 'none'> }
  ? Op extends { requestBody: object }
    ? Record<never, never> extends BodyOf<Op>
      ? [body?: BodyOf<Op>]
      : [body: BodyOf<Op>]
    : [body?: BodyOf<Op>]
  : R['query'] extends true
    ? [query?: QueryOf<Op>]
    : [];

/** The method a route row becomes: path parameters, then body or query, then options. */
export type RouteMethod<R extends RouteSpec> = (
  ...args: [
    ...ParamArgs<R['path']>,
    ...InputArgs<R, OperationOf<R['path'], R['method']>>,
    options?: RequestOptions,
  ]
) => Promise<ResponseOf<OperationOf<R['path'], R['method']>>>;

/** A group of methods built from route rows, keyed by each row's `name`. */
export type Resource<Rows extends readonly RouteSpec[]> = {
  [R in Rows[number] as R['name']]: RouteMethod<R>;
};

type Schemas = components['schemas'];
/** Friendly names for the shapes most callers touch. */
export type Call = Schemas['Call'];
export type Assistant = Schemas['Assistant'];
export type CreateAssistantDto = Schemas['CreateAssistantDTO'];
export type PaginationMeta = Schemas['PaginationMeta'];
export type FileObject = Schemas['File'];
export type { WebCallBody, WebCallResponse } from './supplement.ts';
