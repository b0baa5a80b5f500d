import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../widget/api/client.ts';
import { ROUTES, type Route } from '../../widget/api/routes.ts';
import { type RecordedRequest, startTestServer, type TestServer } from '../helpers/http-server.ts';

// Calls every row of the route table through the real client and checks what a real HTTP
// server received: method, path (with encoded parameters), auth header, body encoding and query.

const TOKEN = 'sk_test_every_route';
const PARAMS = ['p-1', 'two/2', 'three 3'];
const ENCODED = ['p-1', 'two%2F2', 'three%203'];

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = createApiClient({ token: TOKEN, baseUrl: server.url, maxRetries: 0 });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

function methodFor(route: Route): AnyMethod {
  let group: unknown = client;
  for (const key of route.group.split('.')) {
    group = (group as Record<string, unknown>)[key];
  }
  return (group as Record<string, AnyMethod>)[route.name] as AnyMethod;
}

function argsFor(route: Route): unknown[] {
  const count = route.path.split('{').length - 1;
  const args: unknown[] = PARAMS.slice(0, count);
  if (route.body === 'json') {
    args.push({ sample: route.name, nested: { n: 1 } });
  } else if (route.body === 'form-data') {
    const form = new FormData();
    form.append('file', new Blob(['file body'], { type: 'text/plain' }), 'notes.txt');
    form.append('name', route.name);
    args.push(form);
  } else if ('query' in route && route.query) {
    args.push({ limit: 3, idAny: ['x', 'y'] });
  }
  return args;
}

function expectedPath(route: Route): string {
  let index = 0;
  return route.path.replace(/\{[^}]+\}/g, () => ENCODED[index++] ?? '');
}

function expectBody(route: Route, received: RecordedRequest): void {
  const type = received.headers['content-type'] ?? '';
  if (route.body === 'json') {
    expect(type).toBe('application/json');
    expect(JSON.parse(received.text)).toEqual({ sample: route.name, nested: { n: 1 } });
  } else if (route.body === 'form-data') {
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.text).toContain('filename="notes.txt"');
    expect(received.text).toContain('file body');
    expect(received.text).toContain(route.name);
  } else {
    expect(type).toBe('');
    expect(received.body.length).toBe(0);
  }
}

describe('every route through the real client', () => {
  it('covers all 135 rows', () => {
    expect(ROUTES).toHaveLength(135);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_, route) => {
      server.queue({ status: 200, body: { ok: route.name } });
      const method = methodFor(route);
      expect(typeof method).toBe('function');
      await expect(method(...argsFor(route))).resolves.toEqual({ ok: route.name });

      expect(server.requests).toHaveLength(1);
      const [received] = server.requests as [RecordedRequest];
      expect(received.method).toBe(route.method);
      expect(received.path).toBe(expectedPath(route));
      if (route.auth === 'bearer') {
        expect(received.headers.authorization).toBe(`Bearer ${TOKEN}`);
      } else {
        expect(received.headers.authorization).toBeUndefined();
      }
      expectBody(route, received);
      if ('query' in route && route.query) {
        expect(received.query.get('limit')).toBe('3');
        expect(received.query.getAll('idAny')).toEqual(['x', 'y']);
      } else {
        expect(received.url).not.toContain('?');
      }
    },
  );
});
