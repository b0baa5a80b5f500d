import type { AttemptOutcome } from '../jobs/retry-policy.ts';

/** Whether an HTTP status is worth another try: 408, 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The outcome of an HTTP answer: 2xx delivered; retryable or refused otherwise. */
export function outcomeOfStatus(status: number, detail: string): AttemptOutcome {
  if (status >= 200 && status < 300) {
    return { ok: true };
  }
  const reason = `HTTP ${status}${detail ? `: ${detail.slice(0, 300)}` : ''}`;
  return { ok: false, retry: isRetryableStatus(status), reason };
}

/** The outcome of a request that got no answer (DNS, refused connection, timeout). */
export function outcomeOfNetworkError(error: unknown): AttemptOutcome {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  const name = error instanceof Error ? error.name : 'Error';
  return { ok: false, retry: true, reason: `network error: ${cause ?? name}` };
}
