import {
  ApiAbortError,
  ApiConnectionError,
  ApiError,
  ApiTimeoutError,
  RateLimitError,
} from './api-errors.ts';
import { type BuiltRequest, buildRequest, type HeaderMap } from './request.ts';
import { readResponse } from './response.ts';
import { type BackoffOptions, backoffMs, isRetryableError, isRetryableMethod } from './retry.ts';
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
  /** The route row (method and path template, no parameter values). */
  route: RouteSpec;
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
  backoff?: BackoffOptions;
  maxRetryWaitMs?: number;
  securityWorker?: SecurityWorker;
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
}

const inBrowser = (): boolean => typeof document !== 'undefined';

/**
 * Cancellation state of one request. `stop` aborts whatever is in flight (the fetch, or the wait
 * before a retry); plain fields keep EventTarget listeners off the hot path.
 */
interface Cancel {
  aborted: boolean;
  stop: () => void;
}

const abortError = () => new ApiAbortError('aborted', 'Request aborted.');

/** Waits `ms`, or rejects at once when the request is cancelled. */
function sleep(ms: number, cancel: Cancel): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    cancel.stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    if (cancel.aborted) {
      cancel.stop();
    }
  });
}

/**
 * Creates the request engine. Resources (`callsResource(core)` …) and `createApiClient` sit on
 * top; importing the core and one resource is all a bundle needs for that resource.
 */
export function createApiCore(options: ApiCoreOptions): ApiCore {
  // Looked up per call, and called unbound-safe, so a later global fetch patch still applies.
  const doFetch = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const maxWait = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const pending = new Set<[CancelToken, () => void]>();

  /**
   * One try: send, read the body, turn it into a result or an error. It settles early on timeout
   * or cancellation, and either one aborts the fetch, so a timed-out exchange never keeps its
   * connection. (Following a signal costs Node's fetch ~20 µs a request on loopback, see
   * bench/request-overhead.bench.ts; a timeout that leaves the socket open would cost more.)
   */
  function attempt(built: BuiltRequest, cancel: Cancel, timeoutMs: number, token?: string) {
    return new Promise<unknown>((resolve, reject) => {
      const controller = new AbortController();
      const fail = (error: ApiError) => {
        clearTimeout(timer);
        controller.abort();
        reject(error);
      };
      // The runtime's error (ECONNREFUSED, DNS…) is kept as the cause; it never holds headers.
      const lost = (cause: unknown) =>
        fail(new ApiConnectionError('connection-error', 'Could not reach the API.', { cause }));
      const timer = setTimeout(
        () => fail(new ApiTimeoutError('timeout', `No response within ${timeoutMs} ms.`)),
        timeoutMs,
      );
      cancel.stop = () => fail(abortError());
      if (cancel.aborted) {
        cancel.stop();
        return;
      }
      doFetch(built.url, { ...built.init, signal: controller.signal }).then(
        (response) =>
          response.text().then((text) => {
            clearTimeout(timer);
            try {
              resolve(readResponse(response, text, token));
            } catch (error) {
              reject(error);
            }
          }, lost),
        lost,
      );
    });
  }

  async function request<T>(route: RouteSpec, input: CallInput, call: RequestOptions = {}) {
    const bearer = route.auth !== 'none';
    if (bearer && !route.publicKey && !options.dangerouslyAllowBrowser && inBrowser()) {
      throw new ApiError(
        'browser-not-allowed',
        `${route.method} ${route.path}: private key in a browser; see dangerouslyAllowBrowser.`,
      );
    }
    const source = options.token;
    const token = !bearer ? undefined : typeof source === 'function' ? await source() : source;
    const worker = bearer && options.securityWorker;
    const security = (worker && (await worker(route))) || {};
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
    const { signal, cancelToken } = call;
    const cancel: Cancel = {
      aborted: !!signal?.aborted,
      stop: () => undefined,
    };
    const onAbort = () => {
      cancel.aborted = true;
      cancel.stop();
    };
    signal?.addEventListener('abort', onAbort);
    const entry: [CancelToken, () => void] | undefined =
      cancelToken === undefined ? undefined : [cancelToken, onAbort];
    if (entry) {
      pending.add(entry);
    }
    const timeoutMs =
      call.timeoutMs ?? security.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxRetries = call.maxRetries ?? options.maxRetries ?? DEFAULT_MAX_RETRIES;
    try {
      for (let retry = 0; ; retry++) {
        try {
          return (await attempt(built, cancel, timeoutMs, token)) as T;
        } catch (caught) {
          const error = caught as ApiError;
          if (
            !isRetryableError(error) ||
            retry >= maxRetries ||
            !isRetryableMethod(route.method, call.idempotencyKey)
          ) {
            throw error;
          }
          const delayMs = error.retryAfterMs ?? backoffMs(retry, Math.random(), options.backoff);
          if (delayMs > maxWait) {
            throw new RateLimitError(
              'rate-limited',
              `Retry-After ${delayMs} ms is over the ${maxWait} ms cap.`,
              { ...error, retryAfterMs: delayMs },
            );
          }
          options.onRetry?.({ route, retry: retry + 1, delayMs, error });
          await sleep(delayMs, cancel);
        }
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (entry) {
        pending.delete(entry);
      }
    }
  }

  return {
    request,
    abortRequest(cancelToken) {
      for (const [token, abort] of pending) {
        if (token === cancelToken) {
          abort();
        }
      }
    },
  };
}
