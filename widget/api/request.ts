import { toFormData } from './form-data.ts';
import { fillPath } from './path.ts';
import { serializeQuery } from './query.ts';
import type { BodyKind, RouteSpec } from './route-spec.ts';

/** Header values by name; later layers override earlier ones, case-insensitively. */
export type HeaderMap = Record<string, string | undefined>;

/** Everything needed to describe one HTTP request; no I/O happens here. */
export interface RequestInput {
  route: Pick<RouteSpec, 'method' | 'path' | 'body' | 'auth'>;
  baseUrl: string;
  pathParams?: readonly unknown[];
  query?: object;
  body?: unknown;
  /** Sent as `Authorization: Bearer …` (never on a route whose auth is `none`). */
  token?: string;
  idempotencyKey?: string;
  /** Header layers, lowest priority first (client defaults, security hook, per call). */
  headers?: readonly (HeaderMap | undefined)[];
}

/** The URL and `fetch` init for one request (reusable across retries). */
export interface BuiltRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/**
 * Encodes a body for its kind. `FormData` and `URLSearchParams` pass through untouched so the
 * runtime labels them (for `FormData` it adds the multipart boundary);
 * plain objects become JSON, url-encoded pairs or multipart fields according to the route
 * (see `toFormData`), strings become text. `label` names the route in errors.
 */
export function encodeBody(
  kind: BodyKind | undefined,
  body: unknown,
  label = 'This route',
): { body?: BodyInit; contentType?: string } {
  if (body === undefined || !kind || kind === 'none') {
    return {};
  }
  if (body instanceof FormData || body instanceof URLSearchParams) {
    return { body };
  }
  if (kind === 'form-data') {
    return { body: toFormData(body, label) };
  }
  if (kind === 'urlencoded') {
    return { body: new URLSearchParams(serializeQuery(body as object)) };
  }
  if (kind === 'text') {
    return { body: String(body), contentType: 'text/plain;charset=UTF-8' };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * Builds the URL, headers and body of a request from a route row and the call's inputs. Headers
 * are a plain object with lower-case names: merging stays case-insensitive and costs less than a
 * `Headers` object on every request.
 */
export function buildRequest(input: RequestInput): BuiltRequest {
  const { route, token, idempotencyKey, baseUrl } = input;
  const { body, contentType } = encodeBody(route.body, input.body, `${route.method} ${route.path}`);
  const headers: Record<string, string> = {};
  if (contentType) {
    headers['content-type'] = contentType;
  }
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  if (idempotencyKey) {
    headers['idempotency-key'] = idempotencyKey;
  }
  for (const layer of input.headers ?? []) {
    for (const name in layer) {
      const value = layer[name];
      if (value) {
        headers[name.toLowerCase()] = value;
      }
    }
  }
  if (body instanceof FormData) {
    // The runtime must write Content-Type itself: only it knows the multipart boundary.
    delete headers['content-type'];
  }
  if (route.auth === 'none') {
    delete headers.authorization;
  }
  // GET is fetch's default method; leaving it out saves the runtime a normalisation.
  const init: BuiltRequest['init'] =
    route.method === 'GET' ? { headers } : { method: route.method, headers };
  if (body !== undefined) {
    init.body = body;
  }
  const search = serializeQuery(input.query);
  return {
    url:
      (baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl) +
      fillPath(route.path, input.pathParams ?? []) +
      (search && `?${search}`),
    init,
  };
}
