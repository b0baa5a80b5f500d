import { describe, expect, it } from 'vitest';
import {
  type ApiError,
  ApiParseError,
  InternalServerError,
  RateLimitError,
} from '../../widget/api/api-errors.ts';
import { readResponse, redact } from '../../widget/api/response.ts';

const TOKEN = 'sk_unit_secret';
const json = { 'content-type': 'application/json' };
const respond = (body: string, status = 200, headers: Record<string, string> = json) =>
  new Response(status === 204 ? null : body, { status, headers });

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected readResponse to throw');
}

describe('readResponse', () => {
  it('parses JSON, passes other text through and gives undefined for an empty body', () => {
    expect(readResponse(respond('{"id":"c1"}'), '{"id":"c1"}', TOKEN)).toEqual({ id: 'c1' });
    expect(readResponse(respond('a,b', 200, { 'content-type': 'text/csv' }), 'a,b')).toBe('a,b');
    expect(readResponse(respond('', 204), '')).toBeUndefined();
  });

  it('leaves a successful body untouched even when it contains the token', () => {
    const text = `{"value":"${TOKEN}"}`;
    expect(readResponse(respond(text), text, TOKEN)).toEqual({ value: TOKEN });
  });

  it('raises ApiParseError for malformed JSON in a 2xx, with the redacted raw text', () => {
    const text = `{"value":"${TOKEN}"`;
    const error = thrown(() => readResponse(respond(text), text, TOKEN)) as ApiParseError;
    expect(error).toBeInstanceOf(ApiParseError);
    expect(error.rawText).toBe('{"value":"[redacted]"');
    expect(error.status).toBe(200);
  });

  it('maps failed statuses through fromResponse with a redacted body and headers', () => {
    const text = `{"message":"bad key ${TOKEN}"}`;
    const response = respond(text, 503, { ...json, 'x-echo': TOKEN, 'x-request-id': 'r1' });
    const error = thrown(() => readResponse(response, text, TOKEN));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.body).toEqual({ message: 'bad key [redacted]' });
    expect(error.headers?.get('x-echo')).toBe('[redacted]');
    expect(error.requestId).toBe('r1');
  });

  it('carries the Retry-After wait on the error', () => {
    const response = respond('{}', 429, { ...json, 'retry-after': '7' });
    const error = thrown(() => readResponse(response, '{}'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(7000);
  });
});

describe('redact', () => {
  it('replaces every occurrence and is a no-op without a token', () => {
    expect(redact(`a ${TOKEN} b ${TOKEN}`, TOKEN)).toBe('a [redacted] b [redacted]');
    expect(redact('plain', undefined)).toBe('plain');
  });
});
