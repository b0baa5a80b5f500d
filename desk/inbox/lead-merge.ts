import { type Kysely, sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { countedBefore, recountLeads } from '../leads/numbers-recount.ts';
import { appendLeadEvents } from '../leads/timeline.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import type { MergeBody } from './api-contract.ts';
import { audit, ChangeError } from './lead-changes.ts';
import { isUuid, maySee } from './lead-detail.ts';

/** A merge body, checked: `{ "into": "<lead id>" }`. */
export function parseMerge(body: unknown): MergeBody | string {
  const into =
    typeof body === 'object' && body !== null && 'into' in body ? (body as MergeBody).into : null;
  return typeof into === 'string' && into.trim() !== ''
    ? { into: into.trim().toLowerCase() }
    : 'Send { "into": "<lead id>" }';
}

/**
 * Merges lead `fromId` into lead `intoId`, two leads that are one person (broker only). In one
 * transaction, both leads locked in id order: the merged lead's captures, notes and status
 * history move to the survivor (its captures take the survivor's status and assignee), the
 * leads merged into it earlier follow it, it gets `merged_into` and `merged_at`, and the
 * survivor's timeline gains a `merged` line; its own lines stay where they were and show on the
 * survivor's page. The numbers' rollups count them as one lead from then on, in `timeZone`'s
 * days (numbers-recount.ts). Audited. Returns the survivor's id.
 */
export async function mergeLeads(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  fromText: string,
  intoText: string,
  now: Date,
  timeZone: string,
): Promise<string> {
  const fromId = fromText.toLowerCase();
  const intoId = intoText.toLowerCase();
  if (session.user.role !== 'broker') {
    throw new ChangeError(403, 'forbidden', 'Only a broker merges leads');
  }
  if (!isUuid(fromId) || !isUuid(intoId)) {
    throw new ChangeError(404, 'not-found', 'No such lead');
  }
  if (fromId === intoId) {
    throw new ChangeError(400, 'bad-request', 'A lead cannot be merged into itself');
  }
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('leads as l')
      .innerJoin('people as p', 'p.id', 'l.person_id')
      .select([
        'l.id',
        'l.status',
        'l.assigned_name',
        'l.assigned_email',
        'l.assignment_reason',
        'l.merged_into',
        'p.name',
      ])
      .where('l.id', 'in', [fromId, intoId])
      .orderBy('l.id')
      .forUpdate()
      .execute();
    const from = rows.find((r) => r.id === fromId);
    const into = rows.find((r) => r.id === intoId);
    if (!from || !into || !maySee(session, into.assigned_email)) {
      throw new ChangeError(404, 'not-found', 'No such lead');
    }
    if (from.merged_into !== null || into.merged_into !== null) {
      throw new ChangeError(409, 'merged', 'That lead was already merged into another');
    }
    const counted = await countedBefore(trx, [from.id, into.id]);
    await trx
      .updateTable('leads')
      .set({ merged_into: into.id, merged_at: now })
      .where((eb) => eb.or([eb('id', '=', from.id), eb('merged_into', '=', from.id)]))
      .execute();
    await trx
      .updateTable('captures')
      .set({
        lead_id: into.id,
        status: into.status,
        assigned_name: into.assigned_name,
        assigned_email: into.assigned_email,
        assignment_reason: into.assignment_reason,
      })
      .where('lead_id', '=', from.id)
      .execute();
    await trx
      .updateTable('lead_notes')
      .set({ lead_id: into.id })
      .where('lead_id', '=', from.id)
      .execute();
    await trx
      .updateTable('lead_status_changes')
      .set({ lead_id: into.id })
      .where('lead_id', '=', from.id)
      .execute();
    // The survivor began when the earlier of the two did, and was last active now.
    await trx
      .updateTable('leads')
      .set({
        created_at: sql<Date>`least(created_at, (select f.created_at from leads f where f.id = ${from.id}))`,
        last_activity_at: sql<Date>`greatest(last_activity_at, ${now}::timestamptz)`,
        demo: sql<boolean>`demo and (select f.demo from leads f where f.id = ${from.id})`,
      })
      .where('id', '=', into.id)
      .execute();
    await recountLeads(trx, counted, [from.id, into.id], into.id, timeZone);
    const detail = { mergedLeadId: from.id, mergedName: from.name, mergedStatus: from.status };
    await audit(trx, session, 'merge', { leadId: into.id }, { from: from.id, into: into.id }, now);
    await appendLeadEvents(trx, [
      {
        leadId: into.id,
        kind: 'merged',
        at: now,
        user: { id: session.user.id, email: session.user.email },
        detail,
      },
    ]);
    return into.id;
  });
}
