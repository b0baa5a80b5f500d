import type { Kysely } from 'kysely';
import { type AlertRecipient, reassignmentAlertJob } from '../jobs/job-kinds.ts';
import { enqueue } from '../jobs/job-queue.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/** A reassignment, as the inbox makes it. */
export interface Reassignment {
  /** The lead, or one of its captures (the inbox's older routes name a capture). */
  leadId?: string;
  captureId?: string;
  /** The agent the lead now belongs to. */
  to: AlertRecipient;
  /** The name of who reassigned it, for the email's "reassigned to you by …". */
  by: string | null;
  at: Date;
}

/**
 * Queues the alert email to the agent a lead was just reassigned to (issue 26 §3,
 * docs/desk.md#delivery), in the caller's transaction, so it exists exactly when the change
 * does. It is the lead's alert as first sent, about the capture named (else the lead's newest),
 * addressed to the new agent; once it is out, the lead's timeline gets an 'alert' line. Resolves
 * whether one was queued (false when the lead has no capture).
 */
export async function enqueueReassignmentAlert(
  trx: Kysely<DeskDatabase>,
  change: Reassignment,
): Promise<boolean> {
  let capture = trx.selectFrom('captures').select(['id', 'lead_id']);
  if (change.captureId !== undefined) {
    capture = capture.where('id', '=', change.captureId);
  } else {
    capture = capture
      .where('lead_id', '=', change.leadId ?? '')
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1);
  }
  const row = await capture.executeTakeFirst();
  if (!row) {
    return false;
  }
  const job = reassignmentAlertJob(row.lead_id, row.id, change.to, change.at, change.by);
  return (await enqueue(trx, job, { now: change.at })) > 0;
}
