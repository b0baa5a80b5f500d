import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { retryJob } from '../jobs/job-queue.ts';
import { enqueueReassignmentAlert } from '../leads/reassignment-alert.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { LEAD_STATUSES, type LeadStatus, type LeadUpdateBody } from './api-contract.ts';
import { deliveryCapture, isUuid, maySee } from './lead-detail.ts';

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

/** Writes one audit row: who, when, what, on which lead. */
export async function audit(
  db: Kysely<DeskDatabase> | Transaction<DeskDatabase>,
  session: SessionUser,
  action: string,
  captureId: string | null,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: session.user.id,
      user_email: session.user.email,
      at,
      action,
      capture_id: captureId,
      detail: json(detail),
    })
    .execute();
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

/** The lead, locked for the change, if this user may see it; else 404. */
async function lockLead(trx: Transaction<DeskDatabase>, session: SessionUser, id: string) {
  const row = isUuid(id)
    ? await trx
        .selectFrom('captures')
        .select(['id', 'status', 'assigned_name', 'assigned_email'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row || !maySee(session, row.assigned_email)) {
    throw new ChangeError(404, 'not-found', 'No such lead');
  }
  return row;
}

/**
 * Changes a lead's status and/or assignment (assignment: broker only, to one of the brokerage's
 * agents), in one transaction with a status-history row and an audit row per change.
 */
export async function updateLead(
  db: Kysely<DeskDatabase>,
  brokerage: Brokerage,
  session: SessionUser,
  id: string,
  update: LeadUpdateBody,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lead = await lockLead(trx, session, id);
    if (update.assignedTo !== undefined) {
      if (session.user.role !== 'broker') {
        throw new ChangeError(403, 'forbidden', 'Only a broker assigns leads');
      }
      const agent = brokerage.agents.find((a) => a.email.toLowerCase() === update.assignedTo);
      if (!agent) {
        throw new ChangeError(400, 'bad-request', 'assignedTo must be one of the agents’ emails');
      }
      if (agent.email.toLowerCase() !== lead.assigned_email?.toLowerCase()) {
        await trx
          .updateTable('captures')
          .set({
            assigned_name: agent.name,
            assigned_email: agent.email,
            assignment_reason: `assigned by ${session.user.name}`,
          })
          .where('id', '=', lead.id)
          .execute();
        await audit(
          trx,
          session,
          'assignment',
          lead.id,
          {
            from: lead.assigned_email,
            fromName: lead.assigned_name,
            to: agent.email,
            toName: agent.name,
          },
          now,
        );
        await enqueueReassignmentAlert(trx, {
          captureId: lead.id,
          to: { name: agent.name, email: agent.email },
          by: session.user.name,
          at: now,
        });
      }
    }
    if (update.status !== undefined && update.status !== lead.status) {
      await trx
        .updateTable('captures')
        .set({ status: update.status })
        .where('id', '=', lead.id)
        .execute();
      await trx
        .insertInto('lead_status_changes')
        .values({
          capture_id: lead.id,
          from_status: lead.status,
          to_status: update.status,
          user_id: session.user.id,
          at: now,
        })
        .execute();
      await audit(trx, session, 'status', lead.id, { from: lead.status, to: update.status }, now);
    }
  });
}

/** The longest note the inbox stores. */
export const MAX_NOTE_CHARS = 5000;

/** Adds a note to a lead (it joins the lead's search words) and audits it. */
export async function addNote(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  id: string,
  text: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lead = await lockLead(trx, session, id);
    await trx
      .insertInto('lead_notes')
      .values({
        id: randomUUID(),
        capture_id: lead.id,
        user_id: session.user.id,
        text,
        created_at: now,
      })
      .execute();
    await audit(trx, session, 'note', lead.id, { text }, now);
  });
}

/** Sends a dead delivery again now (the detail page's Retry); resolves its lead's id. */
export async function retryDeadDelivery(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  deliveryId: string,
  now: Date,
): Promise<string> {
  const job = await deliveryCapture(db, session, deliveryId);
  if (!job) {
    throw new ChangeError(404, 'not-found', 'No such delivery');
  }
  if (job.status !== 'dead') {
    throw new ChangeError(409, 'not-dead', 'Only a dead delivery can be retried');
  }
  await retryJob(db, deliveryId, now);
  await audit(
    db,
    session,
    'delivery-retry',
    job.captureId,
    { delivery: deliveryId, adapter: job.adapter },
    now,
  );
  return job.captureId;
}
