/** Every `code` an {@link ApiError} can carry. */
export type ApiErrorCode =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable-entity'
  | 'rate-limited'
  | 'server-error'
  | 'http-error'
  | 'invalid-json'
  | 'timeout'
  | 'connection-error'
  | 'aborted'
  | 'invalid-path-param'
  | 'browser-not-allowed';

/** What the platform told us about a failed request. */
export interface ApiErrorDetails {
  status?: number;
  headers?: Headers;
  body?: unknown;
  retryAfterMs?: number;
  /** The text of a 2xx response that was not valid JSON (see {@link ApiParseError}). */
  rawText?: string;
  cause?: unknown;
}

/**
 * Base class of every error the API client throws. HTTP failures carry the `status`, response
 * `headers`, parsed `body` and the platform's `x-request-id`; client-side failures (timeout,
 * connection, abort) leave `status` undefined. The client throws `ApiError` itself, with code
 * `invalid-path-param` or `browser-not-allowed`, when it refuses to send.
 * Never contains the token.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  declare readonly code: ApiErrorCode;
  declare readonly status: number | undefined;
  declare readonly headers: Headers | undefined;
  declare readonly body: unknown;
  declare readonly requestId: string | undefined;
  /** The wait the server asked for (Retry-After / retry-after-ms), when it gave one. */
  declare readonly retryAfterMs: number | undefined;

  constructor(code: ApiErrorCode, message: string, details: ApiErrorDetails = {}) {
    // Error reads only `cause` from the options, and only when the key is present.
    super(message, details);
    Object.assign(this, details, {
      code,
      requestId: details.headers?.get('x-request-id') ?? undefined,
    });
  }

  /** A plain object safe to log or send: the fields above and the message; no headers, no cause. */
  toJSON(): Record<string, unknown> {
    return {
      ...this,
      headers: undefined,
      cause: undefined,
      message: this.message,
    } as object as Record<string, unknown>;
  }
}

/** 400: the platform rejected the request as malformed. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 401: the token is missing, wrong or expired. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: the token is valid but may not do this (for example a public key on a private route). */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the resource changed or is in use. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 422: the body was well-formed but invalid. */
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
}
/** 429, or a Retry-After wait longer than the client's cap: `retryAfterMs` says how long to wait. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
/** 5xx: the platform failed. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}
/** A 2xx response whose JSON could not be parsed; `rawText` keeps what arrived. */
export class ApiParseError extends ApiError {
  override name = 'ApiParseError';
  declare readonly rawText: string;
}
/** The request never got a response (DNS, refused, reset). */
export class ApiConnectionError extends ApiError {
  override name = 'ApiConnectionError';
}
/** No response within the timeout (60 s unless configured). */
export class ApiTimeoutError extends ApiError {
  override name = 'ApiTimeoutError';
}
/** The caller aborted the request (AbortSignal or cancel token), possibly during a retry wait. */
export class ApiAbortError extends ApiError {
  override name = 'ApiAbortError';
}

type StatusClass = new (code: ApiErrorCode, message: string, details: ApiErrorDetails) => ApiError;

const BY_STATUS: Record<number, [StatusClass, ApiErrorCode]> = {
  400: [BadRequestError, 'bad-request'],
  401: [AuthenticationError, 'unauthorized'],
  403: [PermissionDeniedError, 'forbidden'],
  404: [NotFoundError, 'not-found'],
  409: [ConflictError, 'conflict'],
  422: [UnprocessableEntityError, 'unprocessable-entity'],
  429: [RateLimitError, 'rate-limited'],
};

/** The platform's `message` (a string or a list of validation messages), or a text body. */
function describe(body: unknown): string {
  const message = typeof body === 'string' ? body : (body as { message?: unknown } | null)?.message;
  return Array.isArray(message)
    ? message.join('; ')
    : typeof message === 'string'
      ? message.slice(0, 300)
      : '';
}

/** The one place a failed HTTP status becomes an error class. */
export function fromResponse(
  status: number,
  headers: Headers,
  body: unknown,
  retryAfterMs?: number,
): ApiError {
  const [Class, code] =
    BY_STATUS[status] ??
    (status >= 500 ? [InternalServerError, 'server-error'] : [ApiError, 'http-error']);
  const detail = describe(body);
  const message = `HTTP ${status}${detail ? `: ${detail}` : ''}`;
  return new Class(code as ApiErrorCode, message, { status, headers, body, retryAfterMs });
}
