import { ApiParseError, fromResponse } from './api-errors.ts';
import { retryAfterMs } from './retry.ts';

/** Replaces every occurrence of the token in `text`. */
export function redact(text: string, token: string | undefined): string {
  return token ? text.split(token).join('[redacted]') : text;
}

/** Response headers for an error object, with any echo of the token blanked out. */
function redactHeaders(headers: Headers, token: string | undefined): Headers {
  const copy = new Headers(headers);
  if (token) {
    copy.forEach((value, name) => {
      copy.set(name, redact(value, token));
    });
  }
  return copy;
}

/**
 * Turns a received response into the method's result, or throws the error it stands for.
 * JSON is parsed (an empty body gives `undefined`, another content type gives the text). A
 * failed status becomes an error from `fromResponse()`, a 2xx body that is not valid JSON an
 * `ApiParseError` keeping the raw text. Whatever ends up in an error has the token redacted.
 */
export function readResponse(response: Response, text: string, token?: string): unknown {
  const { ok, status } = response;
  const isJson = text && (response.headers.get('content-type') ?? 'json').includes('json');
  if (ok && !isJson) {
    return text || undefined;
  }
  // Only a successful body is parsed as it came; anything bound for an error is redacted first.
  const safe = ok ? text : redact(text, token);
  let body: unknown = safe;
  try {
    body = isJson ? JSON.parse(safe) : safe;
  } catch {
    if (ok) {
      throw new ApiParseError('invalid-json', `HTTP ${status} response is not valid JSON.`, {
        status,
        headers: redactHeaders(response.headers, token),
        rawText: redact(text, token),
      });
    }
    // An error body that is not JSON stays as text.
  }
  if (ok) {
    return body;
  }
  const headers = redactHeaders(response.headers, token);
  throw fromResponse(status, headers, body, retryAfterMs(headers, Date.now()));
}
