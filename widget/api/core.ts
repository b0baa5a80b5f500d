import {
  ApiAbortError,
  ApiConnectionError,
  type ApiError,
  ApiParseError,
  ApiTimeoutError,
  ApiUsageError,
  fromResponse,
  RateLimitError,
} from './errors.ts';
import { type BuiltRequest, buildRequest, type HeaderMap } from './request.ts';
import {
  type BackoffOptions,
  backoffMs,
  DEFAULT_BACKOFF,
  isRetryableMethod,
  isRetryableStatus,
  retryAfterMs,
} from './retry.ts';
import type { RouteSpec } from './route-spec.ts';
import type { SecurityWorker } from './security.ts';

/** The platform's API host, used unless `baseUrl` says otherwise. */
export const DEFAULT_BASE_URL = 'https://api.vapi.ai';
/** Per-attempt timeout unless configured per client or per request. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Retries after the first attempt unless configured. */
export const DEFAULT_MAX_RETRIES = 2;
/** Longest server-requested wait the client sleeps through; longer raises `RateLimitError`. */
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;

/** A bearer token, or a function that returns one (called once per request). */
export type TokenSource = string | (() => string | Promise<string>);
/** Any value that names a group of requests to abort together with `abortRequest()`. */
export type CancelToken = string | number | symbol;

/** Per-call options, accepted as the last argument of every method. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Abort this request (and any other with the same token) with `client.abortRequest(token)`. */
  cancelToken?: CancelToken;
  timeoutMs?: number;
  maxRetries?: number;
  /** Sent as `Idempotency-Key` on every try; lets POST and PATCH be retried. */
  idempotencyKey?: string;
  headers?: HeaderMap;
  /** Extra query parameters (merged over the method's own query argument). */
  query?: object;
}

/** What one retry looked like; handed to `onRetry` (never contains the token). */
export interface RetryInfo {
  method: string;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  error: ApiError;
}

/** Options of {@link createApiCore} and `createApiClient`. */
export interface ApiCoreOptions {
  /** Private API key, public key (for POST /call/web) or a function returning one. */
  token: TokenSource;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: HeaderMap;
  timeoutMs?: number;
  maxRetries?: number;
  backoff?: Partial<BackoffOptions>;
  maxRetryWaitMs?: number;
  securityWorker?: SecurityWorker;
  securityData?: unknown;
  /** Allow private routes in a browser, where a full-access key would be exposed to users. */
  dangerouslyAllowBrowser?: boolean;
  /** Called before each retry wait; a safe place to log. */
  onRetry?: (info: RetryInfo) => void;
}

/** What a resource method hands to the core. */
export interface CallInput {
  params?: readonly unknown[];
  body?: unknown;
  query?: object;
}

/** The shared engine every resource uses: auth, retries, timeouts, cancellation, errors. */
export interface ApiCore {
  request<T>(route: RouteSpec, input: CallInput, options?: RequestOptions): Promise<T>;
  /** Aborts every in-flight request started with this cancel token. */
  abortRequest(cancelToken: CancelToken): void;
  /** Replaces the data passed to the security worker. */
  setSecurityData(data: unknown): void;
}

const inBrowser = (): boolean =>
  typeof window !== 'undefined' && typeof window.document !== 'undefined';

function redact(text: string, token: string | undefined): string {
  return token ? text.split(token).join('[redacted]') : text;
}

/** Response headers for an error object, with any echo of the token blanked out. */
function redactHeaders(headers: Headers, token: string | undefined): Headers {
  const copy = new Headers(headers);
  if (token) {
    copy.forEach((value, name) => {
      copy.set(name, redact(value, token));
    });
  }
  return copy;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiAbortError('aborted', 'Request aborted during a retry wait.'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal.aborted) {
      onAbort();
    } else {
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
}

/**
 * Creates the request engine. Resources (`callsResource(core)` …) and `createApiClient` sit on
 * top; importing the core and one resource is all a bundle needs for that resource.
 */
export function createApiCore(options: ApiCoreOptions): ApiCore {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const maxWait = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const pending = new Map<CancelToken, Set<AbortController>>();
  let securityData = options.securityData;

  async function attempt(
    built: BuiltRequest,
    signal: AbortSignal,
    timeoutMs: number,
    token: string | undefined,
  ): Promise<unknown> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(built.url, { ...built.init, signal: controller.signal });
      text = await response.text();
    } catch (cause) {
      if (signal.aborted) {
        throw new ApiAbortError('aborted', 'Request aborted.', { cause });
      }
      if (timedOut) {
        throw new ApiTimeoutError('timeout', `No response within ${timeoutMs} ms.`);
      }
      // fetch reports "fetch failed"; the useful reason (ECONNREFUSED…) sits on its cause.
      const inner = (cause as { cause?: { code?: string } } | undefined)?.cause;
      const reason = redact(String(inner?.code ?? (cause as Error)?.message ?? cause), token);
      throw new ApiConnectionError('connection-error', `Could not reach the API: ${reason}`);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
    const { status } = response;
    const isJson = /json/.test(response.headers.get('content-type') ?? 'json');
    if (response.ok) {
      if (!text || !isJson) {
        return text || undefined;
      }
      try {
        return JSON.parse(text);
      } catch (cause) {
        throw new ApiParseError(`HTTP ${status} response is not valid JSON.`, redact(text, token), {
          status,
          headers: redactHeaders(response.headers, token),
          cause: redact(String(cause), token),
        });
      }
    }
    const headers = redactHeaders(response.headers, token);
    const safe = redact(text, token);
    let body: unknown = safe;
    try {
      body = isJson && safe ? JSON.parse(safe) : safe;
    } catch {
      // An error body that is not JSON stays as text.
    }
    throw fromResponse(status, headers, body, retryAfterMs(headers, Date.now()));
  }

  async function send(
    route: RouteSpec,
    built: BuiltRequest,
    signal: AbortSignal,
    request: RequestOptions & { timeoutMs: number },
    token: string | undefined,
  ): Promise<unknown> {
    const maxRetries = request.maxRetries ?? options.maxRetries ?? DEFAULT_MAX_RETRIES;
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(built, signal, request.timeoutMs, token);
      } catch (caught) {
        const error = caught as ApiError;
        const retryable =
          error.code === 'timeout' ||
          error.code === 'connection-error' ||
          (error.status !== undefined &&
            error.code !== 'invalid-json' &&
            isRetryableStatus(error.status));
        if (
          !retryable ||
          retry >= maxRetries ||
          !isRetryableMethod(route.method, request.idempotencyKey)
        ) {
          throw error;
        }
        const delayMs = error.retryAfterMs ?? backoffMs(retry, Math.random(), backoff);
        if (delayMs > maxWait) {
          throw new RateLimitError(
            'rate-limited',
            `The API asked to wait ${Math.ceil(delayMs / 1000)} s before retrying, over the ${Math.ceil(maxWait / 1000)} s cap.`,
            {
              status: error.status,
              headers: error.headers,
              body: error.body,
              retryAfterMs: delayMs,
            },
          );
        }
        options.onRetry?.({
          method: route.method,
          path: route.path,
          retry: retry + 1,
          delayMs,
          error,
        });
        await sleep(delayMs, signal);
      }
    }
  }

  async function request<T>(route: RouteSpec, input: CallInput, call: RequestOptions = {}) {
    const bearer = route.auth === 'bearer';
    if (bearer && !route.publicKey && !options.dangerouslyAllowBrowser && inBrowser()) {
      throw new ApiUsageError(
        'browser-not-allowed',
        `${route.method} ${route.path} needs a private key, which a browser would expose to every visitor. Call it from a server, or pass dangerouslyAllowBrowser: true.`,
      );
    }
    const source = options.token;
    const token = bearer ? await (typeof source === 'function' ? source() : source) : undefined;
    if (bearer && !token) {
      throw new ApiUsageError('missing-token', 'No API token was given.');
    }
    const security = (bearer && (await options.securityWorker?.(securityData, route))) || {};
    const built = buildRequest({
      route,
      baseUrl: security.baseUrl ?? options.baseUrl ?? DEFAULT_BASE_URL,
      pathParams: input.params,
      query:
        security.query || call.query
          ? { ...security.query, ...input.query, ...call.query }
          : input.query,
      body: input.body,
      token,
      idempotencyKey: call.idempotencyKey,
      headers: [options.headers, security.headers, call.headers],
    });
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    if (call.signal?.aborted) {
      throw new ApiAbortError('aborted', 'Request aborted before it was sent.');
    }
    call.signal?.addEventListener('abort', onAbort);
    const key = call.cancelToken;
    const group = key === undefined ? undefined : (pending.get(key) ?? new Set());
    if (key !== undefined && group) {
      group.add(controller);
      pending.set(key, group);
    }
    try {
      const timeoutMs =
        call.timeoutMs ?? security.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      return (await send(route, built, controller.signal, { ...call, timeoutMs }, token)) as T;
    } finally {
      call.signal?.removeEventListener('abort', onAbort);
      group?.delete(controller);
      if (key !== undefined && group?.size === 0) {
        pending.delete(key);
      }
    }
  }

  return {
    request,
    abortRequest(cancelToken) {
      for (const controller of pending.get(cancelToken) ?? []) {
        controller.abort();
      }
    },
    setSecurityData(data) {
      securityData = data;
    },
  };
}
