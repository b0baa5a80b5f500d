/**
 * The public surface of the platform API client (`<package>/api`), listed once. Every resource
 * is its own export, so a bundle carries only the resources it calls. Importing it has no side
 * effects and touches no DOM global.
 *
 * @packageDocumentation
 */

/** The stable `code` of every API error. */
export type { ApiErrorCode } from '../api/api-errors.ts';
/**
 * API errors. `ApiError` carries status, headers, parsed body and request id; subclasses per
 * common status; separate classes for parse, connection, timeout and abort failures.
 */
/** Maps an HTTP status (and body) to its error class: the one place that decision is made. */
export {
  ApiAbortError,
  ApiConnectionError,
  ApiError,
  ApiParseError,
  ApiTimeoutError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  fromResponse,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../api/api-errors.ts';
/** Options of {@link createApiClient} and the client's type. */
export type { ApiClient, ApiClientOptions } from '../api/client.ts';
/** The full API client: every route of the platform, grouped by resource (`client.calls.list()`). */
export { createApiClient } from '../api/client.ts';
/** Per-request options (signal, cancel token, timeout, retries, idempotency key) and the core. */
export type { ApiCore, ApiCoreOptions, RequestOptions, TokenSource } from '../api/core.ts';
/**
 * The small core every resource is built on; use it with only the resources you need
 * (`callsResource(createApiCore({ token }))`) for the smallest bundle.
 */
export { createApiCore, DEFAULT_BASE_URL } from '../api/core.ts';
/** The upload fields a form-data route takes as a plain object (files as `Blob`/`File`). */
export type { FormFields } from '../api/form-data.ts';
/** A page of a paginated list, and its query. */
export type { Page, PageQuery } from '../api/pagination.ts';
/** Walks every page of a paginated list (`{ results, metadata }`) as an async iterator. */
export { paginate } from '../api/pagination.ts';
/**
 * Resource groups, each importable on its own so a bundle carries only what it calls
 * (`callsResource`, `assistantsResource`…), and `RESOURCES`, the one list of them.
 */
export * from '../api/resources/all.ts';
/** One row of the route table, and its parts. */
export type { BodyKind, HttpMethod, RouteSpec } from '../api/route-spec.ts';
/** The route table as data (method, path template, body kind, auth); the client is built from it. */
export { ROUTES } from '../api/routes.ts';
/** The security hook: adds or overrides request parameters per call. */
export type { SecurityParams, SecurityWorker } from '../api/security.ts';
/**
 * Friendly names for the platform's most used schemas, and the POST /call/web body and response
 * shared by the API client and the call client.
 */
export type {
  Assistant,
  Call,
  CreateAssistantDto,
  FileObject,
  PaginationMeta,
  WebCallBody,
  WebCallResponse,
} from '../api/types.ts';
