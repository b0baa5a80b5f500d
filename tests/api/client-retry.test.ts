import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiAbortError,
  ApiTimeoutError,
  InternalServerError,
  RateLimitError,
} from '../../widget/api/api-errors.ts';
import { createApiClient } from '../../widget/api/client.ts';
import { type ApiCoreOptions, DEFAULT_TIMEOUT_MS, type RetryInfo } from '../../widget/api/core.ts';
import { startTestServer, type TestServer } from '../helpers/http-server.ts';
import { rejection } from './rejection.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(() => server.reset());
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => server.close());

/** A client with tiny backoff so retry tests run in milliseconds. */
function client(extra: Partial<ApiCoreOptions> = {}) {
  const retries: RetryInfo[] = [];
  const api = createApiClient({
    token: 'tok',
    baseUrl: server.url,
    backoff: { initialDelayMs: 1, maxDelayMs: 4 },
    onRetry: (info) => retries.push(info),
    ...extra,
  });
  return { api, retries };
}

const unavailable = { status: 503, body: { message: 'busy' } };

describe('retries', () => {
  it('retries a GET twice on 5xx, then succeeds', async () => {
    const { api, retries } = client();
    server.queue(unavailable, { status: 500 }, { body: { id: 'c1' } });
    await expect(api.calls.get('c1')).resolves.toEqual({ id: 'c1' });
    expect(server.requests).toHaveLength(3);
    expect(retries.map((r) => [r.retry, r.error.status, r.route.path])).toEqual([
      [1, 503, '/call/{id}'],
      [2, 500, '/call/{id}'],
    ]);
  });

  it.each([408, 409, 429])('retries on %i', async (status) => {
    const { api } = client();
    server.queue({ status }, { body: [] });
    await expect(api.tools.list()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { api } = client();
    server.handle(() => unavailable);
    const failure = api.assistants.get('a1');
    await expect(failure).rejects.toBeInstanceOf(InternalServerError);
    await expect(failure).rejects.toMatchObject({ status: 503, code: 'server-error' });
    expect(server.requests).toHaveLength(3);
  });

  it('honours per-client and per-request maxRetries', async () => {
    const { api } = client({ maxRetries: 0 });
    server.handle(() => unavailable);
    await expect(api.squads.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
    server.reset();
    server.handle(() => unavailable);
    await expect(api.squads.list(undefined, { maxRetries: 1 })).rejects.toThrow('HTTP 503');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry 4xx other than 408, 409 and 429', async () => {
    const { api } = client();
    server.handle(() => ({ status: 400, body: { message: 'bad' } }));
    await expect(api.files.get('f')).rejects.toMatchObject({ code: 'bad-request' });
    expect(server.requests).toHaveLength(1);
  });

  it('retries PUT and DELETE freely', async () => {
    const { api } = client();
    server.queue(unavailable, { body: {} }, unavailable, { body: {} });
    await api.assistants.replace('a', { name: 'x' });
    await api.assistants.delete('a');
    expect(server.requests.map((r) => r.method)).toEqual(['PUT', 'PUT', 'DELETE', 'DELETE']);
  });

  it('does not retry POST or PATCH without an idempotency key', async () => {
    const { api } = client();
    server.handle(() => unavailable);
    await expect(api.calls.createWeb({ assistantId: 'a' })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    await expect(api.calls.update('c', { name: 'n' })).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
  });

  it('retries POST and PATCH with an idempotency key, sending the same key every time', async () => {
    const { api } = client();
    server.queue(unavailable, unavailable, { status: 201, body: { id: 'c' } });
    const created = api.calls.create({ name: 'n' }, { idempotencyKey: 'create-1' });
    await expect(created).resolves.toEqual({ id: 'c' });
    server.queue(unavailable, { body: { id: 'c' } });
    await api.calls.update('c', { name: 'm' }, { idempotencyKey: 'patch-1' });
    expect(server.requests.map((r) => `${r.method} ${r.headers['idempotency-key']}`)).toEqual([
      'POST create-1',
      'POST create-1',
      'POST create-1',
      'PATCH patch-1',
      'PATCH patch-1',
    ]);
    expect(server.requests.every((r) => r.text.startsWith('{"name":'))).toBe(true);
  });

  it('retries dropped connections', async () => {
    const { api } = client();
    server.queue({ destroy: true }, { body: { ok: true } });
    await expect(api.tokens.list()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });
});

describe('Retry-After', () => {
  it('waits the retry-after-ms the server asked for', async () => {
    const { api, retries } = client();
    server.queue({ status: 429, headers: { 'retry-after-ms': '30' } }, { body: {} });
    await api.calls.list();
    expect(retries.map((r) => r.delayMs)).toEqual([30]);
  });

  it('sleeps through Retry-After seconds and sends nothing before they pass', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let retried!: () => void;
    const waiting = new Promise<void>((resolve) => {
      retried = resolve;
    });
    const { api } = client({ onRetry: () => retried() });
    server.queue({ status: 429, headers: { 'retry-after': '2' } }, { body: { done: true } });
    const result = api.calls.list();
    await waiting;
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ done: true });
    expect(server.requests).toHaveLength(2);
  });

  it('raises RateLimitError carrying the wait when it exceeds the cap, without sleeping', async () => {
    const { api, retries } = client({ maxRetryWaitMs: 500 });
    server.queue({ status: 429, headers: { 'retry-after': '120' } });
    const failure = api.calls.list();
    await expect(failure).rejects.toBeInstanceOf(RateLimitError);
    await expect(failure).rejects.toMatchObject({ code: 'rate-limited', retryAfterMs: 120_000 });
    expect(retries).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('reads an HTTP date over the cap as a rate limit too', async () => {
    const { api } = client({ maxRetryWaitMs: 1000 });
    const later = new Date(Date.now() + 90_000).toUTCString();
    server.queue({ status: 503, headers: { 'retry-after': later } });
    const error = await rejection<RateLimitError>(api.calls.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBeGreaterThan(85_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(90_000);
    expect(error.status).toBe(503);
  });
});

describe('abort and timeout', () => {
  it('rejects at once when aborted during a backoff wait', async () => {
    const controller = new AbortController();
    const { api } = client({ onRetry: () => controller.abort() });
    server.queue({ status: 503, headers: { 'retry-after': '30' } });
    const started = performance.now();
    const failure = api.calls.get('c', { signal: controller.signal });
    await expect(failure).rejects.toBeInstanceOf(ApiAbortError);
    await expect(failure).rejects.toMatchObject({ code: 'aborted', name: 'ApiAbortError' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a silent server after the configured time', async () => {
    const { api } = client({ timeoutMs: 50, maxRetries: 0 });
    server.handle(() => ({ hang: true }));
    const failure = api.calls.get('c');
    await expect(failure).rejects.toBeInstanceOf(ApiTimeoutError);
    await expect(failure).rejects.toMatchObject({
      code: 'timeout',
      message: 'No response within 50 ms.',
    });
  });

  it('closes the connection on timeout, with or without a caller signal', async () => {
    const { api } = client({ timeoutMs: 50, maxRetries: 0 });
    server.handle(() => ({ hang: true }));
    await expect(api.calls.get('no-signal')).rejects.toBeInstanceOf(ApiTimeoutError);
    const signal = new AbortController().signal;
    await expect(api.calls.get('with-signal', { signal })).rejects.toBeInstanceOf(ApiTimeoutError);
    // Both hung exchanges are torn down by the client, not left for the server to finish. Only
    // this test's two requests count: on a loaded machine a request an earlier test timed out on
    // can still reach the server after that test ended.
    await expect.poll(() => ours().length).toBe(2);
    await Promise.all(ours().map((request) => request.closed));
    expect(ours().map((request) => request.path)).toEqual(['/call/no-signal', '/call/with-signal']);
    function ours() {
      return server.requests.filter((request) => /\/call\/(no|with)-signal$/.test(request.path));
    }
  });

  it('lets a request override the client timeout, and retries timeouts', async () => {
    const { api, retries } = client({ timeoutMs: 60_000 });
    server.queue({ hang: true }, { body: { late: false } });
    await expect(api.calls.get('c', { timeoutMs: 40 })).resolves.toEqual({ late: false });
    expect(retries.map((r) => r.error.code)).toEqual(['timeout']);
  });

  it('defaults to a 60 s timeout', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.handle(() => {
      arrived();
      return { hang: true };
    });
    const { api } = client({ maxRetries: 0 });
    const failure = api.calls.get('c');
    failure.catch(() => undefined);
    await arrival;
    await vi.advanceTimersByTimeAsync(59_999);
    const state = await Promise.race([
      failure.then(
        () => 'settled',
        () => 'settled',
      ),
      'pending',
    ]);
    expect(state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(failure).rejects.toBeInstanceOf(ApiTimeoutError);
  });
});
