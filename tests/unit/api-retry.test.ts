import { describe, expect, it } from 'vitest';
import { ApiError, fromResponse } from '../../widget/api/api-errors.ts';
import {
  backoffMs,
  isRetryableError,
  isRetryableMethod,
  retryAfterMs,
} from '../../widget/api/retry.ts';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

describe('retry policy', () => {
  it('retries 408, 409, 429 and 5xx only, plus timeouts and lost connections', () => {
    const statuses = [200, 400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504];
    const retried = statuses.filter((status) =>
      isRetryableError(fromResponse(status, new Headers(), '')),
    );
    expect(retried).toEqual([408, 409, 429, 500, 502, 503, 504]);
    expect(isRetryableError(new ApiError('timeout', 'slow'))).toBe(true);
    expect(isRetryableError(new ApiError('connection-error', 'lost'))).toBe(true);
    expect(isRetryableError(new ApiError('aborted', 'stop'))).toBe(false);
    expect(isRetryableError(new ApiError('invalid-json', 'bad', { status: 200 }))).toBe(false);
  });

  it('retries GET, PUT and DELETE freely, POST and PATCH only with an idempotency key', () => {
    expect(isRetryableMethod('GET', undefined)).toBe(true);
    expect(isRetryableMethod('PUT', undefined)).toBe(true);
    expect(isRetryableMethod('DELETE', undefined)).toBe(true);
    expect(isRetryableMethod('POST', undefined)).toBe(false);
    expect(isRetryableMethod('PATCH', undefined)).toBe(false);
    expect(isRetryableMethod('POST', 'k')).toBe(true);
    expect(isRetryableMethod('PATCH', 'k')).toBe(true);
  });
});

describe('Retry-After', () => {
  const wait = (headers: Record<string, string>) => retryAfterMs(new Headers(headers), NOW);

  it('reads seconds', () => {
    expect(wait({ 'retry-after': '3' })).toBe(3000);
    expect(wait({ 'retry-after': '0.5' })).toBe(500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(wait({ 'retry-after': 'Sun, 01 Jun 2025 12:00:10 GMT' })).toBe(10_000);
    expect(wait({ 'retry-after': 'Sun, 01 Jun 2025 11:00:00 GMT' })).toBe(0);
  });

  it('prefers retry-after-ms', () => {
    expect(wait({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
  });

  it('ignores absent or unreadable values', () => {
    expect(wait({})).toBeUndefined();
    expect(wait({ 'retry-after': 'soon' })).toBeUndefined();
    expect(wait({ 'retry-after': '-1' })).toBeUndefined();
    expect(wait({ 'retry-after-ms': 'x', 'retry-after': '1' })).toBe(1000);
  });
});

describe('backoff', () => {
  it('doubles from the initial delay up to the maximum', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffMs(retry, 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
  });

  it('shortens each wait by up to a quarter with jitter', () => {
    expect(backoffMs(0, 1)).toBe(375);
    expect(backoffMs(1, 0.5)).toBe(875);
    expect(backoffMs(2, 0, { initialDelayMs: 10, maxDelayMs: 25 })).toBe(25);
  });
});
