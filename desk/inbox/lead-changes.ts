// Over 300 lines as one concept: every change the inbox makes to a lead (status, assignment,
// notes, retries), each in one transaction with its audit row, its timeline line and what it
// moves in the numbers; they share the lead's row lock and the reading of a change's body.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { retryJob } from '../jobs/job-queue.ts';
import { countedBefore, recountLeads } from '../leads/numbers-recount.ts';
import { enqueueReassignmentAlert } from '../leads/reassignment-alert.ts';
import { appendLeadEvents } from '../leads/timeline.ts';
import { writeAudit } from '../storage/audit-log.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import {
  LEAD_STATUSES,
  type LeadStatus,
  type LeadUpdateBody,
  NOTE_CONTACTS,
  type NoteBody,
  type NoteContact,
} from './api-contract.ts';
import { claimOnContact } from './lead-claim.ts';
import { deliveryLead, maySee, resolveLead } from './lead-detail.ts';
import { leadJobName } from './lead-jobs.ts';
import { agentOptions } from './leads-list.ts';

/** A change refused, with the API's status and code. */
export class ChangeError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What an audit row is about: a lead, and the capture if one. */
export interface AuditTarget {
  leadId?: string | null;
  captureId?: string | null;
}

/** Writes one audit row for a signed-in user's change: who, when, what, on which lead. */
export async function audit(
  db: Kysely<DeskDatabase> | Transaction<DeskDatabase>,
  session: SessionUser,
  action: string,
  target: AuditTarget,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await writeAudit(db, { actor: session.user, action, ...target, detail, at });
}

/** A PATCH body, checked: a known status, an agent's email. */
export function parseUpdate(body: unknown): LeadUpdateBody | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'Send { "status" } and/or { "assignedTo" }';
  }
  const { status, assignedTo } = body as Record<string, unknown>;
  const update: LeadUpdateBody = {};
  if (status !== undefined) {
    if (typeof status !== 'string' || !(LEAD_STATUSES as readonly string[]).includes(status)) {
      return `status must be one of ${LEAD_STATUSES.join(', ')}`;
    }
    update.status = status as LeadStatus;
  }
  if (assignedTo !== undefined) {
    if (typeof assignedTo !== 'string') {
      return 'assignedTo must be an agent’s email';
    }
    update.assignedTo = assignedTo.trim().toLowerCase();
  }
  if (update.status === undefined && update.assignedTo === undefined) {
    return 'Send { "status" } and/or { "assignedTo" }';
  }
  return update;
}

/** A lead locked for a change. */
export interface LockedLead {
  id: string;
  status: string;
  assigned_name: string | null;
  assigned_email: string | null;
  /** Its first capture: the one status changes and notes still name (their `capture_id`). */
  firstCaptureId: string;
}

/**
 * The live lead an id names (its own, a merged lead's, a capture's), locked for the change, if
 * this user may see it; else 404.
 */
export async function lockLead(
  trx: Transaction<DeskDatabase>,
  session: SessionUser,
  id: string,
): Promise<LockedLead> {
  const resolved = await resolveLead(trx, id);
  const lockRow = (leadId: string) =>
    trx
      .selectFrom('leads')
      .select(['id', 'status', 'assigned_name', 'assigned_email', 'merged_into'])
      .where('id', '=', leadId)
      .forUpdate()
      .executeTakeFirst();
  let row = resolved ? await lockRow(resolved.leadId) : undefined;
  // Merged between the read and the lock: the survivor is the lead now.
  if (row?.merged_into) {
    row = await lockRow(row.merged_into);
  }
  const first = row
    ? await trx
        .selectFrom('captures')
        .select('id')
        .where('lead_id', '=', row.id)
        .orderBy('received_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  if (!row || !first || !maySee(session, row.assigned_email)) {
    throw new ChangeError(404, 'not-found', 'No such lead');
  }
  return {
    id: row.id,
    status: row.status,
    assigned_name: row.assigned_name,
    assigned_email: row.assigned_email,
    firstCaptureId: first.id,
  };
}

/** The lead had activity now: the list is in this order. */
async function touch(trx: Transaction<DeskDatabase>, leadId: string, now: Date): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ last_activity_at: sql<Date>`greatest(last_activity_at, ${now}::timestamptz)` })
    .where('id', '=', leadId)
    .execute();
}

/**
 * Changes a lead's status and/or assignment (assignment: broker only, to one of the brokerage's
 * agents), in one transaction with a status-history row, an audit row and a timeline line per
 * change. The lead owns its status and assignee; its captures carry a copy, kept equal here,
 * which their deliveries and the per-capture export read.
 */
export async function updateLead(
  db: Kysely<DeskDatabase>,
  brokerage: Brokerage,
  session: SessionUser,
  id: string,
  update: LeadUpdateBody,
  now: Date,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const lead = await lockLead(trx, session, id);
    const user = { id: session.user.id, email: session.user.email };
    if (update.assignedTo !== undefined) {
      if (session.user.role !== 'broker') {
        throw new ChangeError(403, 'forbidden', 'Only a broker assigns leads');
      }
      const agent = (await agentOptions(trx, brokerage)).find((a) => a.email === update.assignedTo);
      if (!agent) {
        throw new ChangeError(400, 'bad-request', 'assignedTo must be one of the agents’ emails');
      }
      if (agent.email.toLowerCase() !== lead.assigned_email?.toLowerCase()) {
        const assignment = {
          assigned_name: agent.name,
          assigned_email: agent.email,
          assignment_reason: `assigned by ${session.user.name}`,
        };
        // The numbers by agent move with the lead, as a rebuild would count them.
        const counted = await countedBefore(trx, [lead.id]);
        await trx.updateTable('leads').set(assignment).where('id', '=', lead.id).execute();
        await trx.updateTable('captures').set(assignment).where('lead_id', '=', lead.id).execute();
        await recountLeads(trx, counted, [lead.id], lead.id, brokerage.officeHours.timeZone);
        const detail = {
          from: lead.assigned_email,
          fromName: lead.assigned_name,
          to: agent.email,
          toName: agent.name,
        };
        await audit(trx, session, 'assignment', { leadId: lead.id }, detail, now);
        await appendLeadEvents(trx, [{ leadId: lead.id, kind: 'assigned', at: now, user, detail }]);
        await enqueueReassignmentAlert(trx, {
          leadId: lead.id,
          to: { name: agent.name, email: agent.email },
          by: session.user.name,
          at: now,
        });
      }
    }
    if (update.status !== undefined && update.status !== lead.status) {
      await trx
        .updateTable('leads')
        .set({ status: update.status })
        .where('id', '=', lead.id)
        .execute();
      await trx
        .updateTable('captures')
        .set({ status: update.status })
        .where('lead_id', '=', lead.id)
        .execute();
      await trx
        .insertInto('lead_status_changes')
        .values({
          capture_id: lead.firstCaptureId,
          lead_id: lead.id,
          from_status: lead.status,
          to_status: update.status,
          user_id: session.user.id,
          at: now,
        })
        .execute();
      const detail = { from: lead.status, to: update.status };
      await audit(trx, session, 'status', { leadId: lead.id }, detail, now);
      await appendLeadEvents(trx, [{ leadId: lead.id, kind: 'status', at: now, user, detail }]);
      if (update.status === 'Contacted') {
        await claimOnContact(trx, session, lead.id, now);
      }
    }
    await touch(trx, lead.id, now);
    return lead.id;
  });
}

/** The longest note the inbox stores. */
export const MAX_NOTE_CHARS = 5000;

/** A note body, checked: 1 to {@link MAX_NOTE_CHARS} characters, and a known `contact` if any. */
export function parseNote(body: unknown): NoteBody | string {
  const { text, contact } =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (trimmed === '' || trimmed.length > MAX_NOTE_CHARS) {
    return `A note is 1 to ${MAX_NOTE_CHARS} characters of text`;
  }
  if (contact === undefined || contact === null) {
    return { text: trimmed };
  }
  if (!(NOTE_CONTACTS as readonly unknown[]).includes(contact)) {
    return `contact must be one of ${NOTE_CONTACTS.join(', ')}`;
  }
  return { text: trimmed, contact: contact as NoteContact };
}

/**
 * Adds a note to a lead (it joins the lead's search words), audits it and puts it on the
 * timeline. A note that logs a `contact` also claims the lead for its writer when nobody has
 * (the claim's own row-locked update, with its timeline line), and its timeline line answers the
 * lead for speed to lead (migration 0010's trigger).
 */
export async function addNote(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  id: string,
  note: NoteBody,
  now: Date,
): Promise<string> {
  const { text } = note;
  const contact = note.contact ?? null;
  return db.transaction().execute(async (trx) => {
    const lead = await lockLead(trx, session, id);
    await trx
      .insertInto('lead_notes')
      .values({
        id: randomUUID(),
        capture_id: lead.firstCaptureId,
        lead_id: lead.id,
        user_id: session.user.id,
        text,
        contact,
        created_at: now,
      })
      .execute();
    const detail = contact === null ? { text } : { text, contact };
    await audit(trx, session, 'note', { leadId: lead.id }, detail, now);
    await appendLeadEvents(trx, [
      {
        leadId: lead.id,
        kind: 'note',
        at: now,
        user: { id: session.user.id, email: session.user.email },
        detail,
      },
    ]);
    if (contact !== null) {
      await claimOnContact(trx, session, lead.id, now);
    }
    await touch(trx, lead.id, now);
    return lead.id;
  });
}

/**
 * Sends a dead job of the lead's deliveries again now (the detail page's Retry); its timeline
 * line names the job as the page does. Resolves its lead's id.
 */
export async function retryDeadDelivery(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  deliveryId: string,
  now: Date,
  timeZone: string,
): Promise<string> {
  const job = await deliveryLead(db, session, deliveryId);
  if (!job) {
    throw new ChangeError(404, 'not-found', 'No such delivery');
  }
  if (job.status !== 'dead') {
    throw new ChangeError(409, 'not-dead', 'Only a dead delivery can be retried');
  }
  const name = await leadJobName(db, job.leadId, deliveryId, timeZone);
  const detail = { delivery: deliveryId, adapter: job.adapter, ...(name !== null && { name }) };
  await db.transaction().execute(async (trx) => {
    await retryJob(trx, deliveryId, now);
    await audit(
      trx,
      session,
      'delivery-retry',
      { leadId: job.leadId, captureId: job.captureId },
      detail,
      now,
    );
    await appendLeadEvents(trx, [
      {
        leadId: job.leadId,
        kind: 'delivery-retry',
        at: now,
        captureId: job.captureId,
        user: { id: session.user.id, email: session.user.email },
        detail,
      },
    ]);
  });
  return job.leadId;
}
