/**
 * The public surface of the voice assistant package, declared once. Everything a host page, an
 * integrator or a developer may rely on is listed here by name; every other module is internal
 * and may change. The embeddable bundle's entry is `embed.ts`, which only registers the element.
 *
 * @packageDocumentation
 */

// ---------------------------------------------------------------------------------------------
// The <voice-assistant> element (its names are listed once, in element-surface.ts)
// ---------------------------------------------------------------------------------------------

export * from './element-surface.ts';

// ---------------------------------------------------------------------------------------------
// Call client
// ---------------------------------------------------------------------------------------------

/**
 * Framework-free web call client: creates the web call, joins the room through a transport
 * (daily-js by default, loaded lazily), reports staged start timings, speech and volume, and
 * exchanges typed app messages. See the README's "Call client" section for events and stages.
 */
export { CallClient } from './call/call-client.ts';

/**
 * Options, start input, state and the web-call creation seam of {@link CallClient} (its body and
 * response types, `WebCallBody` and `WebCallResponse`, are the API client's, listed below).
 */
export type {
  CallClientOptions,
  CallState,
  StartCallInput,
  WebCallCreator,
} from './call/call-client.ts';

/** Errors of the call client; `code` is one of the catalogue's {@link CallErrorCode}s. */
export { CallError } from './call/errors.ts';

/** The error catalogue of the call client (SPEC §8 plus microphone and message errors). */
export type { CallErrorCode } from './call/errors.ts';

/** The ordered start stages, from `initialization` to `success`. */
export { START_STAGES } from './call/start-stages.ts';

/** The call client's event map and the payloads of its start reports. */
export type {
  CallEvents,
  CallStartFailed,
  CallStartSuccess,
  StageReport,
  StartStage,
} from './call/events.ts';

/** Messages the server sends during a call, and messages a client may send to it. */
export type { ClientInboundMessage, ClientMessage } from './call/message-types.ts';

/** The transport seam: the part of daily-js's `DailyCall` the client uses, and its factory. */
export type { CallTransport, CallTransportFactory } from './call/transport.ts';

/**
 * `CallClient` options for the offline demo assistant: no key, no network, a recorded voice.
 * Tree-shaken away when unused.
 */
export { demoCallOptions } from './demo/demo-call.ts';

/** What {@link demoCallOptions} returns: the demo's part of `CallClientOptions`. */
export type { DemoCallOptions } from './demo/demo-call.ts';

// ---------------------------------------------------------------------------------------------
// Platform API client
// ---------------------------------------------------------------------------------------------

/** The full API client: every route of the platform, grouped by resource (`client.calls.list()`). */
export { createApiClient } from './api/client.ts';

/** Options of {@link createApiClient} and the client's type. */
export type { ApiClient, ApiClientOptions } from './api/client.ts';

/**
 * The small core every resource is built on; use it with only the resources you need
 * (`callsResource(createApiCore({ token }))`) for the smallest bundle.
 */
export { createApiCore, DEFAULT_BASE_URL } from './api/core.ts';

/** Per-request options (signal, cancel token, timeout, retries, idempotency key) and the core. */
export type { ApiCore, ApiCoreOptions, RequestOptions, TokenSource } from './api/core.ts';

/**
 * Resource groups, each importable on its own so a bundle carries only what it calls
 * (`callsResource`, `assistantsResource`…), and `RESOURCES`, the one list of them.
 */
export * from './api/resources/all.ts';

/** The route table as data (method, path template, body kind, auth); the client is built from it. */
export { ROUTES } from './api/routes.ts';

/** One row of the route table, and its parts. */
export type { BodyKind, HttpMethod, RouteSpec } from './api/route-spec.ts';

/**
 * API errors. `ApiError` carries status, headers, parsed body and request id; subclasses per
 * common status; separate classes for parse, connection, timeout and abort failures.
 */
export {
  ApiAbortError,
  ApiConnectionError,
  ApiError,
  ApiParseError,
  ApiTimeoutError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './api/errors.ts';

/** Maps an HTTP status (and body) to its error class: the one place that decision is made. */
export { fromResponse } from './api/errors.ts';

/** The stable `code` of every API error. */
export type { ApiErrorCode } from './api/errors.ts';

/** Walks every page of a paginated list (`{ results, metadata }`) as an async iterator. */
export { paginate } from './api/pagination.ts';

/** A page of a paginated list, and its query. */
export type { Page, PageQuery } from './api/pagination.ts';

/** The security hook: adds or overrides request parameters per call. */
export type { SecurityParams, SecurityWorker } from './api/security.ts';

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
} from './api/types.ts';

/** The upload fields a form-data route takes as a plain object (files as `Blob`/`File`). */
export type { FormFields } from './api/form-data.ts';
