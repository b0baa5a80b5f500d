import type { RetryPolicy } from './retry-policy.ts';

/**
 * The kinds of job the queue holds (docs/desk.md#jobs). A new kind (a text, an escalation
 * timer, a retention sweep, an invite) adds its name and its policy here, and a lane that works it.
 */
export type JobKind =
  | 'delivery'
  | 'conversation-update'
  | 'reassignment-alert'
  | 'weekly-report'
  | 'person-event'
  | 'escalation'
  | 'retention'
  | 'link-email';

// 10 s doubling to an hour, for a day: a CRM's outage of an afternoon loses nothing.
const DELIVERY_POLICY: RetryPolicy = {
  baseMs: 10_000,
  maxMs: 60 * 60 * 1000,
  giveUpMs: 24 * 60 * 60 * 1000,
  leaseMs: 60_000,
};

/** Each kind's retry policy; a lane may shorten the backoff (an operator's drill, a test). */
export const RETRY_POLICIES: Readonly<Record<JobKind, RetryPolicy>> = {
  delivery: DELIVERY_POLICY,
  // What follows an alert goes to the same services, so it is retried as they are; it also
  // waits, by retrying, for its alert to be delivered.
  'conversation-update': DELIVERY_POLICY,
  'reassignment-alert': DELIVERY_POLICY,
  // An event about a person (person.deleted) to an adapter that takes events: as a delivery.
  'person-event': DELIVERY_POLICY,
  // An invite or reset link's email goes through the same mailer as the alerts, retried as they
  // are; its link is minted at each try, so one sent late still works for its whole 24 hours.
  'link-email': DELIVERY_POLICY,
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
  // A lead not claimed in time goes on at once: a failed step (the database busy) is tried
  // again within seconds, for a day.
  escalation: {
    baseMs: 2_000,
    maxMs: 60_000,
    giveUpMs: 24 * 60 * 60 * 1000,
    leaseMs: 60_000,
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

/**
 * The update that follows a lead's alert when its conversation ends (the CRM note, the
 * `conversation.completed` webhook, the reply in the email's thread): one per conversation,
 * lead and adapter, about the capture whose alert it follows.
 */
export function conversationUpdateJob(
  conversationId: string,
  leadId: string,
  captureId: string,
  adapter: string,
  runAt: Date,
): NewJob {
  return {
    kind: 'conversation-update',
    key: `conversation-update:${conversationId}:${leadId}:${adapter}`,
    captureId,
    adapter,
    runAt,
  };
}

/** The agent a lead was reassigned to, whom the reassignment alert goes to. */
export interface AlertRecipient {
  name: string;
  email: string;
}

/**
 * The alert email to the agent a lead was just reassigned to, about one of the lead's captures
 * (its newest); the key tells one reassignment from another by its time and agent.
 */
export function reassignmentAlertJob(
  leadId: string,
  captureId: string,
  to: AlertRecipient,
  at: Date,
  by: string | null,
): NewJob {
  return {
    kind: 'reassignment-alert',
    key: `reassignment-alert:${leadId}:${at.getTime()}:${to.email.toLowerCase()}`,
    captureId,
    adapter: 'email',
    payload: { leadId, to, by },
  };
}
