import type { HttpMethod } from './route-spec.ts';

/** Backoff settings: the first wait and the largest one, before jitter. */
export interface BackoffOptions {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Defaults: 0.5 s, 1 s, 2 s … up to 8 s, each shortened by up to 25 % of jitter. */
export const DEFAULT_BACKOFF: BackoffOptions = { initialDelayMs: 500, maxDelayMs: 8000 };

/** 408, 409, 429 and every 5xx are worth another try; other statuses are final. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
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
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (ms >= 0) {
    return ms;
  }
  const value = headers.get('retry-after');
  if (!value) {
    return undefined;
  }
  if (/^[\s\d.+-]+$/.test(value)) {
    const seconds = Number(value);
    return seconds >= 0 ? seconds * 1000 : undefined;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Exponential backoff with jitter for retry number `retry` (0 for the first retry):
 * `min(initial × 2^retry, max) × (1 − 0.25 × random)`.
 */
export function backoffMs(retry: number, random: number, options = DEFAULT_BACKOFF): number {
  const base = Math.min(options.initialDelayMs * 2 ** retry, options.maxDelayMs);
  return base * (1 - 0.25 * random);
}
