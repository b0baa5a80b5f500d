import { CSRF_HEADER } from '../../api-contract.ts';
import {
  type AnswerOf,
  type ApiRoute,
  type BodyOf,
  fillPath,
  type ParamsOf,
  type QueryOf,
} from '../../route-table.ts';

/**
 * An answer from the inbox's API that was not 2xx: its status and the desk's `{ error }` body.
 * (The platform API client's own error is `ApiError`, in widget/api.)
 */
export class InboxApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The field at fault, when the desk names one (a routing rule's `rules.2.action`). */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'InboxApiError';
  }
}

let csrfToken: string | null = null;
let onUnauthorized: () => void = () => undefined;

/** The session's CSRF token, sent on every state-changing request. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** What happens on a 401 from any route but the sign-in itself: back to the sign-in page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** What a route's request is given, as the table types it: required where the route needs it. */
export type RequestInput<R extends ApiRoute> = (keyof ParamsOf<R['path']> extends never
  ? { params?: undefined }
  : { params: ParamsOf<R['path']> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query?: QueryOf<R> });

/** How a request is sent, beside what it carries. */
export interface SendOptions {
  signal?: AbortSignal;
  /** Leave a 401 to the caller (the session check and the sign-in form). */
  quietUnauthorized?: boolean;
}

/** A route's address with its path parameters and query filled in. */
export function routeUrl<R extends ApiRoute>(route: R, input: RequestInput<R>): string {
  const path = fillPath(route.path, (input.params ?? {}) as Record<string, string>);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) {
      query.set(key, String(value));
    }
  }
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** A refusal's body as the desk writes it (desk/web/error-body.ts). */
interface ErrorAnswer {
  error?: { code?: string; message?: string; field?: string };
}

async function errorOf(response: Response): Promise<InboxApiError> {
  let code = 'http-error';
  let message = `The desk answered ${response.status}.`;
  let field: string | null = null;
  try {
    const { error } = (await response.json()) as ErrorAnswer;
    code = error?.code ?? code;
    message = error?.message ?? message;
    field = error?.field ?? null;
  } catch {
    // Not JSON: keep the status line.
  }
  return new InboxApiError(response.status, code, message, field);
}

/**
 * Sends one request to the inbox's API with the session cookie and, for changes, the CSRF
 * token; resolves with the route's answer (undefined for a 204), or rejects with an
 * {@link InboxApiError}.
 */
export async function send<T>(
  method: ApiRoute['method'],
  url: string,
  body: unknown,
  options: SendOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  if (method !== 'GET' && csrfToken !== null) {
    headers[CSRF_HEADER] = csrfToken;
  }
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
    ...(body !== undefined && { body: JSON.stringify(body) }),
    ...(options.signal && { signal: options.signal }),
  });
  if (!response.ok) {
    if (response.status === 401 && !options.quietUnauthorized) {
      onUnauthorized();
    }
    throw await errorOf(response);
  }
  if (response.status === 204) {
    return undefined as T;
  }
  return (await response.json()) as T;
}

/** Calls one route of the table (desk/inbox/api-contract.ts) and resolves with its answer. */
export function request<R extends ApiRoute>(
  route: R,
  input: RequestInput<R>,
  options: SendOptions = {},
): Promise<AnswerOf<R>> {
  return send<AnswerOf<R>>(route.method, routeUrl(route, input), input.body, options);
}

/** True for an abort the app caused itself (a newer request replaced this one). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
