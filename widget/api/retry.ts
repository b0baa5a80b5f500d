import type { ApiError } from './api-errors.ts';
import type { HttpMethod } from './route-spec.ts';

/** Backoff settings: the first wait and the largest one, before jitter. */
export interface BackoffOptions {
  /** Default 500 ms. */
  initialDelayMs?: number;
  /** Default 8000 ms. */
  maxDelayMs?: number;
}

/**
 * Timeouts, lost connections, and the statuses worth another try: 408, 409, 429 and every 5xx.
 * Other statuses are final, and so is a 2xx whose body was not JSON.
 */
export function isRetryableError({ code, status = 0 }: ApiError): boolean {
  return (
    code === 'timeout' ||
    code === 'connection-error' ||
    status === 408 ||
    status === 409 ||
    status === 429 ||
    status >= 500
  );
}

/**
 * GET, PUT and DELETE are idempotent by definition and retry freely; POST and PATCH only when
 * the caller gave an idempotency key (the same key goes out on every try).
 */
export function isRetryableMethod(method: HttpMethod, idempotencyKey: string | undefined): boolean {
  return (method !== 'POST' && method !== 'PATCH') || Boolean(idempotencyKey);
}

/**
 * The wait the server asked for, in milliseconds, or undefined when it asked for none:
 * `retry-after-ms` (milliseconds), else `Retry-After` as seconds or as an HTTP date.
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const ms = Number(headers.get('retry-after-ms') || Number.NaN);
  if (ms >= 0) {
    return ms;
  }
  const value = headers.get('retry-after');
  const seconds = Number(value || Number.NaN);
  if (!value || !Number.isNaN(seconds)) {
    return seconds >= 0 ? seconds * 1000 : undefined;
  }
  const wait = Date.parse(value) - now;
  return Number.isNaN(wait) ? undefined : Math.max(0, wait);
}

/**
 * Exponential backoff with jitter for retry number `retry` (0 for the first retry):
 * `min(initial × 2^retry, max) × (1 − 0.25 × random)`: by default 0.5 s, 1 s, 2 s … up to 8 s.
 */
export function backoffMs(
  retry: number,
  random: number,
  { initialDelayMs = 500, maxDelayMs = 8000 }: BackoffOptions = {},
): number {
  const base = Math.min(initialDelayMs * 2 ** retry, maxDelayMs);
  return base * (1 - 0.25 * random);
}
