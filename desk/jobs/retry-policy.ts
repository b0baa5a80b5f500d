/**
 * When a failed job is tried again (pure; docs/desk.md#jobs): exponential backoff with jitter
 * until the kind's give-up time, then the job is dead with its last reason.
 */

/** One try's outcome, as a job's handler (an adapter, the weekly report) reports it. */
export type AttemptOutcome =
  | {
      ok: true;
      /** What the service answered that a later job needs (a CRM's person id), stored with the job. */
      result?: Record<string, unknown>;
    }
  | {
      ok: false;
      /** `true` for a network error, a timeout, 408, 429 or a 5xx; `false` for a refusal. */
      retry: boolean;
      /** What went wrong, with no personal data: shown in the CLI and the inbox. */
      reason: string;
      /**
       * The job must wait for the one it follows (`JobLane.follows`), which is not delivered yet:
       * it is retried as soon as that one is, not only at its backed-off time.
       */
      waiting?: boolean;
    };

/** How one kind of job is retried. */
export interface RetryPolicy {
  /** The first retry waits about this long… */
  baseMs: number;
  /** …each further one about twice as long, never more than this. */
  maxMs: number;
  /** A job is retried for this long after it was enqueued (or retried by hand), then dead. */
  giveUpMs: number;
  /** A job taken but not finished within this long is taken again (a crashed worker's). */
  leaseMs: number;
}

/**
 * The wait before the next try after `attempts` tries: "equal jitter", half fixed and half
 * random, so a burst of failures spreads out instead of retrying in lockstep.
 */
export function retryDelayMs(
  attempts: number,
  policy: Pick<RetryPolicy, 'baseMs' | 'maxMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
