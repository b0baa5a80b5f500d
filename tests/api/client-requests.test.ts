import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiAbortError } from '../../widget/api/api-errors.ts';
import { createApiClient } from '../../widget/api/client.ts';
import { createApiCore, DEFAULT_BASE_URL } from '../../widget/api/core.ts';
import { paginate } from '../../widget/api/pagination.ts';
import type { RouteSpec } from '../../widget/api/route-spec.ts';
import { startTestServer, type TestServer } from '../helpers/http-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const echoRoute = (body: RouteSpec['body']): RouteSpec => ({
  name: 'echo',
  method: 'POST',
  path: '/echo',
  body,
  auth: 'bearer',
});

describe('bodies on the wire', () => {
  const core = () => createApiCore({ token: 'tok', baseUrl: server.url });

  it('sends url-encoded bodies with their content type', async () => {
    await core().request(echoRoute('urlencoded'), {
      body: { name: 'Ada Lovelace', tag: ['a', 'b'] },
    });
    const [received] = server.requests;
    expect(received?.headers['content-type']).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(received?.text).toBe('name=Ada+Lovelace&tag=a&tag=b');
  });

  it('sends text bodies as text/plain', async () => {
    await core().request(echoRoute('text'), { body: 'hello, platform' });
    expect(server.requests[0]?.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(server.requests[0]?.text).toBe('hello, platform');
  });

  it('uploads FormData as multipart with the runtime boundary', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    const form = new FormData();
    form.append('file', new File(['listing details'], 'listing.txt', { type: 'text/plain' }));
    await client.files.upload(form);
    const [received] = server.requests;
    const type = received?.headers['content-type'] ?? '';
    const boundary = /boundary=(.+)$/.exec(type)?.[1];
    expect(type.startsWith('multipart/form-data; boundary=')).toBe(true);
    expect(received?.text).toContain(`--${boundary}`);
    expect(received?.text).toContain('name="file"; filename="listing.txt"');
    expect(received?.text).toContain('listing details');
  });
});

describe('form-data routes given a plain object', () => {
  /** The multipart body the server received, parsed back by the runtime. */
  async function receivedForm(): Promise<FormData> {
    const [received] = server.requests;
    const type = received?.headers['content-type'] ?? '';
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    return new Response(new Uint8Array(received?.body ?? []), {
      headers: { 'content-type': type },
    }).formData();
  }

  it('files.upload sends the file bytes as multipart, with the other fields', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
    await client.files.upload({
      file: new File([bytes], 'floor-plan.pdf', { type: 'application/pdf' }),
      purpose: 'knowledge-base-v2',
    });
    const form = await receivedForm();
    const file = form.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('floor-plan.pdf');
    expect((file as File).type).toBe('application/pdf');
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(bytes);
    expect(form.get('purpose')).toBe('knowledge-base-v2');
  });

  it('the voice clone repeats array fields and stringifies the rest', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    await client.providers.cloneVoice('11labs', {
      name: 'Agent voice',
      labels: JSON.stringify({ accent: 'texan' }),
      files: [new Blob(['first take']), new Blob(['second take'])],
    });
    const form = await receivedForm();
    expect(server.requests[0]?.path).toBe('/11labs/voice/clone');
    expect(form.get('name')).toBe('Agent voice');
    expect(form.get('labels')).toBe('{"accent":"texan"}');
    const takes = form.getAll('files') as File[];
    expect(await Promise.all(takes.map((take) => take.text()))).toEqual([
      'first take',
      'second take',
    ]);
  });

  it('a body that is neither FormData nor an object of fields is a TypeError naming the route', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    await expect(client.files.upload('not a form' as never)).rejects.toThrow(
      new TypeError(
        'POST /file sends multipart form data: pass a FormData or an object of fields, not a string.',
      ),
    );
    expect(server.requests).toEqual([]);
  });
});

describe('query strings on the wire', () => {
  it('serialises arrays, dates and nested filters', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    await client.sessions.list({
      phoneNumberIdAny: ['p1', 'p2'],
      createdAtGe: new Date('2025-03-01T00:00:00Z'),
      assistantOverrides: { variableValues: { city: 'Lyon' } },
      limit: 5,
    });
    const query = server.requests[0]?.query;
    expect(query?.getAll('phoneNumberIdAny')).toEqual(['p1', 'p2']);
    expect(query?.get('createdAtGe')).toBe('2025-03-01T00:00:00.000Z');
    expect(query?.get('assistantOverrides[variableValues][city]')).toBe('Lyon');
    expect(query?.get('limit')).toBe('5');
  });

  it('merges the options query over the method query', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    await client.calls.list({ limit: 1 }, { query: { limit: 2, extra: 'x' } });
    expect(server.requests[0]?.url).toBe('/call?limit=2&extra=x');
  });
});

describe('auth, headers and the security hook', () => {
  it('defaults the base URL to the platform host', () => {
    expect(DEFAULT_BASE_URL).toBe('https://api.vapi.ai');
  });

  it('accepts the token as an async function, asked once per request', async () => {
    let calls = 0;
    const client = createApiClient({
      baseUrl: server.url,
      token: async () => `rotating-${++calls}`,
    });
    await client.calls.list();
    await client.calls.list();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer rotating-1',
      'Bearer rotating-2',
    ]);
  });

  it('merges client headers under per-request headers', async () => {
    const client = createApiClient({
      token: 'tok',
      baseUrl: server.url,
      headers: { 'x-client': 'widget', 'x-both': 'client' },
    });
    await client.calls.list(undefined, { headers: { 'x-both': 'request' } });
    expect(server.requests[0]?.headers).toMatchObject({
      'x-client': 'widget',
      'x-both': 'request',
    });
  });

  it('lets the security worker add and override parameters per call', async () => {
    const seen: string[] = [];
    let tenant = 't-1';
    const client = createApiClient({
      token: 'tok',
      baseUrl: server.url,
      securityWorker: async (route) => {
        seen.push(`${route.method} ${route.path}`);
        return route.path.startsWith('/org')
          ? { headers: { authorization: 'Bearer org-admin' }, query: { tenant } }
          : { headers: { 'x-tenant': tenant } };
      },
    });
    await client.calls.get('c1');
    tenant = 't-2';
    await client.orgs.get('o1');
    await client.credentials.webhook({
      type: 'auth',
      operation: 'creation',
      from: 'provider',
      connectionId: 'conn-1',
      authMode: 'OAUTH2',
      providerConfigKey: 'google',
      provider: 'google',
      environment: 'prod',
      success: true,
      endUser: { endUserId: 'u-1', organizationId: 'org-1' },
    });
    const [call, org, webhook] = server.requests;
    expect(call?.headers['x-tenant']).toBe('t-1');
    expect(call?.headers.authorization).toBe('Bearer tok');
    expect(org?.headers.authorization).toBe('Bearer org-admin');
    expect(org?.url).toBe('/org/o1?tenant=t-2');
    expect(webhook?.headers.authorization).toBeUndefined();
    expect(seen).toEqual(['GET /call/{id}', 'GET /org/{id}']);
  });
});

describe('cancellation', () => {
  it('rejects without sending when the signal is already aborted', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    const failure = client.calls.get('c', { signal: AbortSignal.abort() });
    await expect(failure).rejects.toBeInstanceOf(ApiAbortError);
    expect(server.requests).toHaveLength(0);
  });

  it('aborts an in-flight request from its signal', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    const controller = new AbortController();
    server.handle(() => {
      controller.abort();
      return { hang: true };
    });
    await expect(client.calls.get('c', { signal: controller.signal })).rejects.toMatchObject({
      name: 'ApiAbortError',
      code: 'aborted',
    });
  });

  it('aborts every request sharing a cancel token, and only those', async () => {
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    server.handle((request) =>
      request.path === '/call/other' ? { body: { kept: true } } : { hang: true },
    );
    const first = client.calls.get('a', { cancelToken: 'search' });
    const second = client.calls.list(undefined, { cancelToken: 'search' });
    while (server.requests.length < 2) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const other = client.calls.get('other', { cancelToken: 'other' });
    client.abortRequest('search');
    await expect(first).rejects.toBeInstanceOf(ApiAbortError);
    await expect(second).rejects.toBeInstanceOf(ApiAbortError);
    await expect(other).resolves.toEqual({ kept: true });
  });
});

describe('pagination', () => {
  it('walks every page of /v2/call', async () => {
    const all = ['c1', 'c2', 'c3', 'c4', 'c5'];
    server.handle((request) => {
      const page = Number(request.query.get('page') ?? '1');
      const limit = Number(request.query.get('limit'));
      return {
        body: {
          results: all.slice((page - 1) * limit, page * limit).map((id) => ({ id })),
          metadata: { currentPage: page, itemsPerPage: limit, totalItems: all.length },
        },
      };
    });
    const client = createApiClient({ token: 'tok', baseUrl: server.url });
    const pages: string[][] = [];
    for await (const page of paginate(client.calls.listPaginated, { limit: 2 })) {
      pages.push(page.results.map((call) => call.id));
    }
    expect(pages).toEqual([['c1', 'c2'], ['c3', 'c4'], ['c5']]);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v2/call?limit=2',
      '/v2/call?limit=2&page=2',
      '/v2/call?limit=2&page=3',
    ]);
  });
});
