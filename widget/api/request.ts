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
  /** Sent as `Authorization: Bearer …` when the route's auth is `bearer`. */
  token?: string;
  idempotencyKey?: string;
  /** Header layers, lowest priority first (client defaults, security hook, per call). */
  headers?: readonly (HeaderMap | undefined)[];
}

/** The URL and `fetch` init for one request (reusable across retries). */
export interface BuiltRequest {
  url: string;
  init: RequestInit & { method: string; headers: Headers };
}

const CONTENT_TYPES: Partial<Record<BodyKind, string>> = {
  json: 'application/json',
  text: 'text/plain;charset=UTF-8',
};

function isPassthrough(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function toFormData(body: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) {
        form.append(key, item, (item as File).name ?? 'blob');
      } else if (item !== undefined && item !== null) {
        form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    }
  }
  return form;
}

/**
 * Encodes a body for its kind. `FormData`, `URLSearchParams`, `Blob` and binary values pass
 * through untouched so the runtime labels them (for `FormData` it adds the multipart boundary);
 * plain objects become JSON, `FormData` or url-encoded text according to the route.
 */
export function encodeBody(
  kind: BodyKind,
  body: unknown,
): { body?: BodyInit; contentType?: string } {
  if (body === undefined || kind === 'none') {
    return {};
  }
  if (isPassthrough(body)) {
    return { body };
  }
  if (kind === 'form-data') {
    return { body: toFormData(body as object) };
  }
  if (kind === 'urlencoded') {
    return { body: new URLSearchParams(serializeQuery(body as object)) };
  }
  if (kind === 'text') {
    return { body: String(body), contentType: CONTENT_TYPES.text };
  }
  return { body: JSON.stringify(body), contentType: CONTENT_TYPES.json };
}

/** Builds the URL, headers and body of a request from a route row and the call's inputs. */
export function buildRequest(input: RequestInput): BuiltRequest {
  const { route } = input;
  const search = serializeQuery(input.query);
  const url = `${input.baseUrl.replace(/\/+$/, '')}${fillPath(route.path, input.pathParams ?? [])}${
    search ? `?${search}` : ''
  }`;
  const encoded = encodeBody(route.body, input.body);
  const headers = new Headers({ accept: 'application/json' });
  if (encoded.contentType) {
    headers.set('content-type', encoded.contentType);
  }
  if (route.auth === 'bearer' && input.token) {
    headers.set('authorization', `Bearer ${input.token}`);
  }
  if (input.idempotencyKey) {
    headers.set('idempotency-key', input.idempotencyKey);
  }
  for (const layer of input.headers ?? []) {
    for (const [name, value] of Object.entries(layer ?? {})) {
      if (value === undefined) {
        headers.delete(name);
      } else {
        headers.set(name, value);
      }
    }
  }
  if (encoded.body instanceof FormData) {
    // The runtime must write Content-Type itself: only it knows the multipart boundary.
    headers.delete('content-type');
  }
  if (route.auth === 'none') {
    headers.delete('authorization');
  }
  const init: BuiltRequest['init'] = { method: route.method, headers };
  if (encoded.body !== undefined) {
    init.body = encoded.body;
  }
  return { url, init };
}
