import type { Kysely } from 'kysely';
import type { ClaimedJob } from '../jobs/job-queue.ts';
import type { AttemptOutcome } from '../jobs/retry-policy.ts';
import type { DeskDatabase, StoredViewingTime } from '../storage/schema.ts';
import { type LeadRecord, loadLeadRecords } from './lead-record.ts';

/**
 * What follows a lead's alert when its conversation ends (docs/desk.md#delivery): the capture
 * whose alert went out, now with its conversation, and what that alert's delivery recorded
 * (Follow Up Boss's person id, the email's Message-ID), so the update lands on the same lead.
 */
export interface ConversationUpdate {
  /** The capture whose alert this follows, with the conversation as it is stored now. */
  lead: LeadRecord & { conversation: NonNullable<LeadRecord['conversation']> };
  /** The times asked for in this conversation across the lead's captures, in order. */
  viewingTimes: StoredViewingTime[];
  /** The alert's recorded result (see `AttemptOutcome.result`). */
  alert: Record<string, unknown>;
}

/** The update to send, or why there is none to send on this try. */
export type LoadedUpdate = { update: ConversationUpdate } | { outcome: AttemptOutcome };

/** The reason a conversation update waits (by retrying) for its alert. */
export const WAITING_FOR_ALERT = 'waiting for the alert to be delivered first';

/**
 * Loads a `conversation-update` job's update. Until the alert it follows is delivered, the
 * update waits by retrying (`waiting`, so it goes the moment the alert is delivered): a note
 * cannot be added to a CRM person not yet created, and a reply must not reach the agent before
 * the message it answers. An alert retried by hand after it died is still followed, as long as
 * the update has not given up.
 */
export async function loadConversationUpdate(
  db: Kysely<DeskDatabase>,
  job: Pick<ClaimedJob, 'captureId' | 'adapter'>,
): Promise<LoadedUpdate> {
  const captureId = job.captureId ?? '';
  const alert = await db
    .selectFrom('jobs')
    .select(['status', 'result'])
    .where('kind', '=', 'delivery')
    .where('capture_id', '=', captureId)
    .where('adapter', '=', job.adapter ?? '')
    .executeTakeFirst();
  if (!alert) {
    return { outcome: { ok: false, retry: false, reason: 'the alert it follows does not exist' } };
  }
  if (alert.status !== 'delivered') {
    return { outcome: { ok: false, retry: true, reason: WAITING_FOR_ALERT, waiting: true } };
  }
  const [lead] = await loadLeadRecords(db, { ids: [captureId] });
  if (!lead?.conversation) {
    return { outcome: { ok: false, retry: false, reason: 'the conversation is not stored' } };
  }
  const times = await db
    .selectFrom('captures')
    .select('viewing_times')
    .where('lead_id', '=', lead.leadId)
    .where('conversation_id', '=', lead.conversation.id)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return {
    update: {
      lead: { ...lead, conversation: lead.conversation },
      viewingTimes: times.flatMap((t) => t.viewing_times),
      alert: alert.result ?? {},
    },
  };
}
