import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  fromResponse,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../widget/api/api-errors.ts';

const headers = new Headers({ 'x-request-id': 'req-42' });

describe('fromResponse', () => {
  it.each([
    [400, BadRequestError, 'bad-request'],
    [401, AuthenticationError, 'unauthorized'],
    [403, PermissionDeniedError, 'forbidden'],
    [404, NotFoundError, 'not-found'],
    [409, ConflictError, 'conflict'],
    [422, UnprocessableEntityError, 'unprocessable-entity'],
    [429, RateLimitError, 'rate-limited'],
    [500, InternalServerError, 'server-error'],
    [503, InternalServerError, 'server-error'],
    [418, ApiError, 'http-error'],
  ] as const)('maps %i to %o with code %s', (status, Class, code) => {
    const error = fromResponse(status, headers, { message: 'nope' });
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(Class.name);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.requestId).toBe('req-42');
    expect(error.body).toEqual({ message: 'nope' });
    expect(error.message).toBe(`HTTP ${status}: nope`);
  });

  it('joins validation messages and falls back to text bodies', () => {
    expect(fromResponse(400, headers, { message: ['a is required', 'b is bad'] }).message).toBe(
      'HTTP 400: a is required; b is bad',
    );
    expect(fromResponse(502, headers, 'Bad gateway').message).toBe('HTTP 502: Bad gateway');
    expect(fromResponse(500, headers, '').message).toBe('HTTP 500');
  });

  it('keeps the requested wait', () => {
    expect(fromResponse(429, headers, {}, 1500).retryAfterMs).toBe(1500);
  });

  it('serialises to a plain object without headers', () => {
    const json = JSON.parse(JSON.stringify(fromResponse(404, headers, { message: 'gone' })));
    expect(json).toEqual({
      name: 'NotFoundError',
      code: 'not-found',
      message: 'HTTP 404: gone',
      status: 404,
      requestId: 'req-42',
      body: { message: 'gone' },
    });
  });
});
