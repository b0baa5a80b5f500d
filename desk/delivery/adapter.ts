import type { AttemptOutcome } from '../jobs/retry-policy.ts';
import type { ConversationUpdate } from './conversation-update.ts';
import type { LeadRecord } from './lead-record.ts';

/** What an adapter knows about the job it is trying. */
export interface DeliveryAttempt {
  /** The job's id: stable across retries (the webhook's `webhook-id`, the email's Message-ID). */
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
}

/** Facts about the brokerage every adapter may need. */
export interface DeliveryContext {
  brokerageName: string;
  /** IANA zone in which times are written. */
  timeZone: string;
  /** The desk's public base URL, for links to the lead in the inbox. */
  publicUrl: string;
}

/**
 * One destination of the outbox (docs/desk.md#delivery): Follow Up Boss, a signed webhook, an
 * email to the assigned agent. `deliver` never throws for an expected failure: it reports an
 * {@link AttemptOutcome}; a throw counts as a retryable failure.
 */
export interface DeliveryAdapter {
  /** The name stored with each job (`follow-up-boss`, `webhook`, `email`). */
  readonly name: string;
  /** The longest one try waits for an answer: the outbox's lease must be longer. */
  readonly timeoutMs: number;
  /**
   * Sends a capture's alert. A success may carry what a later update needs (`result`: the CRM's
   * person id, the email's Message-ID), stored with the job.
   */
  deliver(lead: LeadRecord, attempt: DeliveryAttempt): Promise<AttemptOutcome>;
  /**
   * Sends an event about a person (`person.deleted`) to an adapter whose receiver follows the
   * desk's records (the signed webhook); an adapter without it hears of none.
   */
  sendEvent?(event: { type: string }, attempt: DeliveryAttempt): Promise<AttemptOutcome>;
  /**
   * Sends what follows the alert when the conversation ends, onto the same lead; an adapter
   * without it sends no update.
   */
  followUp?(update: ConversationUpdate, attempt: DeliveryAttempt): Promise<AttemptOutcome>;
  /** Releases connections (SMTP pools). */
  close?(): Promise<void>;
}
