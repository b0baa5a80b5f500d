import { Webhook } from 'standardwebhooks';
import type { DeskEnv } from '../../config/desk-env.ts';
import type { AttemptOutcome } from '../../jobs/retry-policy.ts';
import type { DeliveryAdapter, DeliveryAttempt, DeliveryContext } from '../adapter.ts';
import type { ConversationUpdate } from '../conversation-update.ts';
import { outcomeOfNetworkError, outcomeOfStatus } from '../http-outcome.ts';
import type { LeadRecord } from '../lead-record.ts';
import { type ShownViewingTime, shownText, shownViewingTimes } from '../shown-times.ts';
import { inboxLink, scrub } from './lead-text.ts';

/** The signed webhook's settings, as {@link DeskEnv} reads them. */
export type WebhookSettings = NonNullable<DeskEnv['webhook']>;

/** A try that gets no answer in this long is a network error, and retried. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** The body every receiver gets (docs/desk.md#delivery). */
export interface WebhookPayload {
  type: 'lead.captured' | 'viewing.requested';
  /** The lead (one per person) the capture belongs to: every message about it carries it. */
  leadId: string;
  /**
   * The lead as the export prints it, without the outbox's own bookkeeping, and with each time's
   * display text in the brokerage's zone, the text the email and the inbox show.
   */
  lead: Omit<LeadRecord, 'deliveries' | 'viewingTimes' | 'consent'> & {
    viewingTimes: ShownViewingTime[];
    capturedAtText: string | null;
    receivedAtText: string | null;
    consent: LeadRecord['consent'] & { acceptedAtText: string | null };
  };
  inboxUrl: string;
}

/** The payload for one lead (pure). */
export function webhookPayload(lead: LeadRecord, context: DeliveryContext): WebhookPayload {
  // The deliveries say how the other adapters fared: not the receiver's business, and they
  // change between retries, which would make two tries of one message differ.
  const { deliveries: _deliveries, ...rest } = lead;
  const zone = context.timeZone;
  return {
    type: lead.kind === 'viewing-request' ? 'viewing.requested' : 'lead.captured',
    leadId: lead.leadId,
    lead: {
      ...rest,
      viewingTimes: shownViewingTimes(lead.viewingTimes, zone),
      capturedAtText: shownText(lead.capturedAt, zone),
      receivedAtText: shownText(lead.receivedAt, zone),
      consent: { ...lead.consent, acceptedAtText: shownText(lead.consent.acceptedAt, zone) },
    },
    inboxUrl: inboxLink(context, lead),
  };
}

/**
 * The message that follows when the conversation ends (docs/desk.md#delivery): the same
 * `leadId`, and the capture whose `lead.captured` / `viewing.requested` it follows.
 */
export interface ConversationCompletedPayload {
  type: 'conversation.completed';
  leadId: string;
  captureId: string;
  conversation: NonNullable<LeadRecord['conversation']>;
  /** The times asked for in the conversation, across the lead's captures in it. */
  viewingTimes: ShownViewingTime[];
  inboxUrl: string;
}

/** The `conversation.completed` payload for one update (pure). */
export function conversationCompletedPayload(
  update: ConversationUpdate,
  context: DeliveryContext,
): ConversationCompletedPayload {
  const { lead } = update;
  return {
    type: 'conversation.completed',
    leadId: lead.leadId,
    captureId: lead.id,
    conversation: lead.conversation,
    viewingTimes: shownViewingTimes(update.viewingTimes, context.timeZone),
    inboxUrl: inboxLink(context, lead),
  };
}

/**
 * POSTs each lead as JSON signed per Standard Webhooks (Zapier, Make, the brokerage's own
 * endpoint). `webhook-id` is the job id, the same on every retry, so a receiver that saw an
 * earlier try answer late can drop the repeat; the timestamp and signature are fresh each try,
 * or a retry after the receiver's ~5 minute tolerance would be refused.
 */
export function createWebhookAdapter(
  settings: WebhookSettings,
  context: DeliveryContext,
  fetchImpl: typeof fetch = fetch,
): DeliveryAdapter {
  const signer = new Webhook(settings.secret);
  // One signed POST: `scrubbed` cleans the receiver's answer before it is kept as a reason.
  async function post(
    id: string,
    body: string,
    scrubbed: (text: string) => string,
  ): Promise<AttemptOutcome> {
    const sentAt = new Date();
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signer.sign(id, sentAt, body),
    };
    try {
      const response = await fetchImpl(settings.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      const text = await response.text();
      return outcomeOfStatus(response.status, scrubbed(text));
    } catch (error) {
      return outcomeOfNetworkError(error);
    }
  }
  return {
    name: 'webhook',
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    deliver(lead: LeadRecord, attempt: DeliveryAttempt): Promise<AttemptOutcome> {
      const body = JSON.stringify(webhookPayload(lead, context));
      return post(attempt.jobId, body, (text) => scrub(text, lead, [settings.secret]));
    },
    sendEvent(event, attempt) {
      return post(attempt.jobId, JSON.stringify(event), (text) =>
        scrub(text, null, [settings.secret]),
      );
    },
    followUp(update: ConversationUpdate, attempt: DeliveryAttempt): Promise<AttemptOutcome> {
      const body = JSON.stringify(conversationCompletedPayload(update, context));
      return post(attempt.jobId, body, (text) => scrub(text, update.lead, [settings.secret]));
    },
  };
}
