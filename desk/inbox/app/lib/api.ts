import { CSRF_HEADER } from '../../api-contract.ts';

/** An answer from the API that was not 2xx: its status and the desk's `{ error }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
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

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Leave a 401 to the caller (the session check and the sign-in form). */
  quietUnauthorized?: boolean;
}

async function errorOf(response: Response): Promise<ApiError> {
  let code = 'http-error';
  let message = `The desk answered ${response.status}.`;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    code = body.error?.code ?? code;
    message = body.error?.message ?? message;
  } catch {
    // Not JSON: keep the status line.
  }
  return new ApiError(response.status, code, message);
}

/** Calls the inbox API under `/api/` with the session cookie and, for changes, the CSRF token. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  if (method !== 'GET' && csrfToken !== null) {
    headers[CSRF_HEADER] = csrfToken;
  }
  const response = await fetch(`/api/${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
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

/** True for an abort the app caused itself (a newer request replaced this one). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
