import type { RetryPolicy } from './retry-policy.ts';

/**
 * The kinds of job the queue holds (docs/desk.md#jobs). A new kind (a text, an escalation
 * timer, a retention sweep, an invite) adds its name and its policy here, and a lane that works it.
 */
export type JobKind = 'delivery' | 'weekly-report' | 'person-event' | 'retention';

/** Each kind's retry policy; a lane may shorten the backoff (an operator's drill, a test). */
export const RETRY_POLICIES: Readonly<Record<JobKind, RetryPolicy>> = {
  // 10 s doubling to an hour, for a day: a CRM's outage of an afternoon loses nothing.
  delivery: {
    baseMs: 10_000,
    maxMs: 60 * 60 * 1000,
    giveUpMs: 24 * 60 * 60 * 1000,
    leaseMs: 60_000,
  },
  // An event about a person (person.deleted) to an adapter that takes events: as a delivery.
  'person-event': {
    baseMs: 10_000,
    maxMs: 60 * 60 * 1000,
    giveUpMs: 24 * 60 * 60 * 1000,
    leaseMs: 60_000,
  },
  // The daily sweep of expired data: again within the hour, until the next day's is due.
  retention: {
    baseMs: 10 * 60 * 1000,
    maxMs: 60 * 60 * 1000,
    giveUpMs: 24 * 60 * 60 * 1000,
    leaseMs: 5 * 60 * 1000,
  },
  // Every 10 minutes until a newer week is due (the handler then drops it as stale).
  'weekly-report': {
    baseMs: 10 * 60 * 1000,
    maxMs: 10 * 60 * 1000,
    giveUpMs: 14 * 24 * 60 * 60 * 1000,
    leaseMs: 10 * 60 * 1000,
  },
};

/** A job to enqueue. */
export interface NewJob {
  kind: JobKind;
  /** Unique: a job whose key is already queued (or done) is not added again. */
  key: string;
  /** Not taken before this time (default: at once). */
  runAt?: Date;
  /** The capture the job is about. */
  captureId?: string;
  /** A delivery's adapter. */
  adapter?: string;
  payload?: Record<string, unknown>;
}

/** The job that delivers one capture through one adapter. */
export function deliveryJob(captureId: string, adapter: string, runAt: Date): NewJob {
  return { kind: 'delivery', key: `delivery:${captureId}:${adapter}`, captureId, adapter, runAt };
}
