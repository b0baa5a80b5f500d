import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiConnectionError,
  type ApiError,
  ApiParseError,
  AuthenticationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../widget/api/api-errors.ts';
import { createApiClient } from '../../widget/api/client.ts';
import type { RetryInfo } from '../../widget/api/core.ts';
import { startTestServer, type TestServer } from '../helpers/http-server.ts';
import { rejection } from './rejection.ts';

const SECRET = 'sk_live_9f8e7d6c5b4a';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const api = () => createApiClient({ token: SECRET, baseUrl: server.url, maxRetries: 0 });

describe('error mapping on the wire', () => {
  it.each([
    [401, AuthenticationError, 'unauthorized'],
    [403, PermissionDeniedError, 'forbidden'],
    [404, NotFoundError, 'not-found'],
    [409, ConflictError, 'conflict'],
    [422, UnprocessableEntityError, 'unprocessable-entity'],
    [429, RateLimitError, 'rate-limited'],
    [500, InternalServerError, 'server-error'],
  ] as const)('%i becomes %o', async (status, Class, code) => {
    server.queue({
      status,
      headers: { 'x-request-id': 'req-7', 'x-extra': 'yes' },
      body: { message: 'Assistant not found', statusCode: status },
    });
    const error = await rejection<ApiError>(api().assistants.get('a1'));
    expect(error).toBeInstanceOf(Class);
    expect(error).toMatchObject({
      name: Class.name,
      code,
      status,
      requestId: 'req-7',
      body: { message: 'Assistant not found', statusCode: status },
      message: `HTTP ${status}: Assistant not found`,
    });
    expect(error.headers?.get('x-extra')).toBe('yes');
  });

  it('keeps a non-JSON error body as text', async () => {
    server.queue({ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad</h1>' });
    const error = await rejection<ApiError>(api().calls.list());
    expect(error.body).toBe('<h1>Bad</h1>');
    expect(error.message).toBe('HTTP 502: <h1>Bad</h1>');
  });

  it('raises ApiParseError with the raw text when a 2xx body is malformed JSON', async () => {
    server.queue({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-request-id': 'r-9' },
      body: '{"id": "c1", ',
    });
    const error = await rejection<ApiParseError>(api().calls.get('c1'));
    expect(error).toBeInstanceOf(ApiParseError);
    expect(error).toMatchObject({
      name: 'ApiParseError',
      code: 'invalid-json',
      status: 200,
      requestId: 'r-9',
      rawText: '{"id": "c1", ',
      message: 'HTTP 200 response is not valid JSON.',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('returns text bodies as text and empty bodies as undefined', async () => {
    server.queue(
      { status: 200, headers: { 'content-type': 'text/csv' }, body: 'id\nc1' },
      { status: 204 },
    );
    await expect(api().calls.export()).resolves.toBe('id\nc1');
    await expect(api().calls.delete('c1')).resolves.toBeUndefined();
  });

  it('raises ApiConnectionError when nothing listens', async () => {
    const closed = await startTestServer();
    await closed.close();
    const error = await rejection<ApiError>(
      createApiClient({ token: SECRET, baseUrl: closed.url, maxRetries: 0 }).calls.list(),
    );
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(error.code).toBe('connection-error');
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe('the token never leaks', () => {
  it('is absent from messages, serialised errors, inspected errors and retry logs', async () => {
    const logs: RetryInfo[] = [];
    const client = createApiClient({
      token: SECRET,
      baseUrl: server.url,
      backoff: { initialDelayMs: 1, maxDelayMs: 1 },
      onRetry: (info) => logs.push(info),
    });
    // A careless server that echoes the credentials back in its error body and headers.
    server.handle((request) => ({
      status: 503,
      headers: { 'x-echo': String(request.headers.authorization) },
      body: { message: `bad token ${request.headers.authorization}` },
    }));
    const error = await rejection<ApiError>(client.calls.get('c'));
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(error.message).toBe('HTTP 503: bad token Bearer [redacted]');
    for (const text of [
      error.message,
      String(error),
      error.stack ?? '',
      JSON.stringify(error),
      inspect(error, { depth: 10, showHidden: true }),
      JSON.stringify(logs),
      inspect(logs, { depth: 10 }),
      inspect(client, { depth: 10, showHidden: true }),
    ]) {
      expect(text).not.toContain(SECRET);
    }
    expect(logs).toHaveLength(2);
  });

  it('is absent from parse errors', async () => {
    server.queue({
      headers: { 'content-type': 'application/json' },
      body: `{"echo": "${SECRET}`,
    });
    const error = await rejection<ApiParseError>(api().calls.get('c'));
    expect(error.rawText).toBe('{"echo": "[redacted]');
    expect(inspect(error, { depth: 10 })).not.toContain(SECRET);
  });

  it('is absent from connection errors', async () => {
    const closed = await startTestServer();
    await closed.close();
    const error = await rejection<ApiError>(
      createApiClient({ token: SECRET, baseUrl: closed.url, maxRetries: 0 }).calls.list(),
    );
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(SECRET);
  });
});
