/**
 * When a failed delivery is tried again (pure; docs/desk.md#delivery): exponential backoff with
 * jitter for about a day, then the job is dead with its last reason.
 */

/** A job is retried for this long after it was created (or retried by hand), then dead. */
export const DELIVERY_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** The first retry waits about this long… */
export const RETRY_BASE_MS = 10_000;

/** …each further one about twice as long, never more than this. */
export const RETRY_MAX_MS = 60 * 60 * 1000;

/** One try's outcome, as an adapter reports it. */
export type AttemptOutcome =
  | { ok: true }
  | {
      ok: false;
      /** `true` for a network error, a timeout, 408, 429 or a 5xx; `false` for a refusal. */
      retry: boolean;
      /** What went wrong, with no personal data: shown in the CLI and the inbox. */
      reason: string;
    };

/**
 * The wait before the next try after `attempts` tries: "equal jitter", half fixed and half
 * random, so a burst of failures spreads out instead of retrying in lockstep.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

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
