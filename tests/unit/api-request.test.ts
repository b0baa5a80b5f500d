import { describe, expect, it } from 'vitest';
import { ApiError } from '../../widget/api/api-errors.ts';
import { encodePathParam, fillPath } from '../../widget/api/path.ts';
import { serializeQuery } from '../../widget/api/query.ts';
import { buildRequest, encodeBody } from '../../widget/api/request.ts';

const BASE = 'https://api.example.test';
const post = { method: 'POST', path: '/file', body: 'json', auth: 'bearer' } as const;

describe('path parameters', () => {
  it('percent-encodes slash, question mark, hash and spaces', () => {
    expect(encodePathParam('id', 'a/b?c#d e')).toBe('a%2Fb%3Fc%23d%20e');
    expect(fillPath('/test-suite/{testSuiteId}/run/{id}', ['s 1', 'r/2'])).toBe(
      '/test-suite/s%201/run/r%2F2',
    );
  });

  it.each([[''], ['.'], ['..'], [undefined], [null], [{}]])('rejects %j', (value) => {
    const attempt = () => fillPath('/call/{id}', [value]);
    expect(attempt).toThrow(ApiError);
    expect(attempt).toThrow('Invalid path parameter "id".');
    try {
      attempt();
    } catch (error) {
      expect((error as ApiError).code).toBe('invalid-path-param');
      expect((error as ApiError).name).toBe('ApiError');
    }
  });

  it('keeps dots inside a value', () => {
    expect(encodePathParam('id', '...')).toBe('...');
    expect(encodePathParam('id', 'v1.2')).toBe('v1.2');
  });
});

describe('query serialisation', () => {
  it('repeats array keys, writes dates as ISO strings and nests objects with brackets', () => {
    const query = serializeQuery({
      idAny: ['a', 'b'],
      createdAtGt: new Date('2025-01-02T03:04:05.000Z'),
      assistantOverrides: { variableValues: { name: 'Ada' } },
      limit: 10,
      skip: undefined,
      none: null,
    });
    const params = new URLSearchParams(query);
    expect(params.getAll('idAny')).toEqual(['a', 'b']);
    expect(params.get('createdAtGt')).toBe('2025-01-02T03:04:05.000Z');
    expect(params.get('assistantOverrides[variableValues][name]')).toBe('Ada');
    expect(params.get('limit')).toBe('10');
    expect(params.has('skip')).toBe(false);
    expect(params.has('none')).toBe(false);
  });

  it('is empty without values', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({ a: undefined })).toBe('');
  });
});

describe('body encoding', () => {
  it('writes JSON with its content type', () => {
    expect(encodeBody('json', { a: 1 })).toEqual({
      body: '{"a":1}',
      contentType: 'application/json',
    });
  });

  it('writes text as text/plain', () => {
    expect(encodeBody('text', 'hello')).toEqual({
      body: 'hello',
      contentType: 'text/plain;charset=UTF-8',
    });
  });

  it('turns an object into url-encoded pairs', () => {
    const { body, contentType } = encodeBody('urlencoded', { a: '1', list: ['x', 'y'] });
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('a=1&list=x&list=y');
    expect(contentType).toBeUndefined();
  });

  it('passes FormData and URLSearchParams through untouched, with no content type', () => {
    const form = new FormData();
    form.append('file', new Blob(['hi'], { type: 'text/plain' }), 'notes.txt');
    const params = new URLSearchParams('a=1');
    expect(encodeBody('form-data', form)).toEqual({ body: form });
    expect(encodeBody('urlencoded', params)).toEqual({ body: params });
    expect(encodeBody('json', form).body).toBe(form);
  });

  it('turns an object of fields into multipart for a form-data route, dropping nothing', async () => {
    const file = new File(['plan'], 'plan.pdf', { type: 'application/pdf' });
    const { body, contentType } = encodeBody('form-data', {
      file,
      tags: ['a', 'b'],
      size: 3,
      at: new Date(Date.UTC(2026, 0, 2)),
      metadata: { listing: 42 },
      skipped: undefined,
      empty: null,
    });
    expect(contentType).toBeUndefined();
    const form = body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['file', 'tags', 'tags', 'size', 'at', 'metadata']);
    expect(await (form.get('file') as File).text()).toBe('plan');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    expect(form.get('size')).toBe('3');
    expect(form.get('at')).toBe('2026-01-02T00:00:00.000Z');
    expect(form.get('metadata')).toBe('{"listing":42}');
    expect(() => encodeBody('form-data', 'text', 'POST /file')).toThrow(
      'POST /file sends multipart form data: pass a FormData or an object of fields, not a string.',
    );
  });

  it('sends nothing when there is no body', () => {
    expect(encodeBody('json', undefined)).toEqual({});
    expect(encodeBody('none', { ignored: true })).toEqual({});
  });
});

describe('buildRequest', () => {
  it('joins base URL, encoded path and query, and adds the bearer token', () => {
    const { url, init } = buildRequest({
      route: { method: 'GET', path: '/call/{id}', body: 'none', auth: 'bearer' },
      baseUrl: `${BASE}/`,
      pathParams: ['a/b'],
      query: { limit: 2 },
      token: 'tok',
    });
    expect(url).toBe(`${BASE}/call/a%2Fb?limit=2`);
    expect(init.method).toBeUndefined(); // GET is fetch's default
    expect(init.headers.authorization).toBe('Bearer tok');
    expect(init.body).toBeUndefined();
  });

  it('never sends a token on an unauthenticated route, even from a header layer', () => {
    const { init } = buildRequest({
      route: { method: 'POST', path: '/credential/webhook', body: 'json', auth: 'none' },
      baseUrl: BASE,
      token: 'tok',
      headers: [{ Authorization: 'Bearer leaked' }],
      body: {},
    });
    expect(init.headers.authorization).toBeUndefined();
  });

  it('merges header layers in order, case-insensitively, skipping undefined values', () => {
    const { init } = buildRequest({
      route: post,
      baseUrl: BASE,
      token: 'tok',
      idempotencyKey: 'key-1',
      headers: [{ 'X-A': 'client', 'X-B': 'client' }, { 'x-a': 'hook' }, { 'X-B': undefined }],
      body: {},
    });
    expect(init.headers['x-a']).toBe('hook');
    expect(init.headers['x-b']).toBe('client');
    expect(init.headers['idempotency-key']).toBe('key-1');
    expect(init.headers['content-type']).toBe('application/json');
  });

  it('drops any Content-Type for FormData so the runtime adds the boundary', () => {
    const { init } = buildRequest({
      route: { ...post, body: 'form-data' },
      baseUrl: BASE,
      headers: [{ 'Content-Type': 'multipart/form-data' }],
      body: new FormData(),
    });
    expect(init.headers['content-type']).toBeUndefined();
    expect(init.body).toBeInstanceOf(FormData);
  });
});
