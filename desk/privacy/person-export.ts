import type { Kysely } from 'kysely';
import { loadLeadRecords } from '../delivery/lead-record.ts';
import { writeAudit } from '../storage/audit-log.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { findPersonScope, type PersonQuery, type PersonScope } from './person-scope.ts';

/** A stored row with its columns' names in the export's camelCase (`lead_id` → `leadId`). */
function camel(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

/**
 * Everything the desk holds about one person, as one JSON object (docs/desk.md#privacy): the
 * people rows, their leads, each capture whole (with its conversation and deliveries), the conversations only they took part in with any feedback,
 * the notes, status changes and timeline of their leads. An answer to "send me my data".
 */
export async function exportPerson(
  db: Kysely<DeskDatabase>,
  scope: PersonScope,
  now: Date = new Date(),
): Promise<Record<string, unknown>> {
  const { peopleIds, leadIds, captureIds, conversationIds } = scope;
  const none = Promise.resolve([]);
  const [people, leads, captures, conversations, feedback, notes, statusChanges, timeline] =
    await Promise.all([
      peopleIds.length === 0
        ? none
        : db
            .selectFrom('people')
            .select(['id', 'name', 'phone', 'email', 'created_at', 'updated_at'])
            .where('id', 'in', peopleIds)
            .execute(),
      leadIds.length === 0
        ? none
        : db.selectFrom('leads').selectAll().where('id', 'in', leadIds).execute(),
      captureIds.length === 0 ? none : loadLeadRecords(db, { ids: captureIds }),
      conversationIds.length === 0
        ? none
        : db.selectFrom('conversations').selectAll().where('id', 'in', conversationIds).execute(),
      conversationIds.length === 0
        ? none
        : db
            .selectFrom('conversation_feedback')
            .selectAll()
            .where('conversation_id', 'in', conversationIds)
            .execute(),
      leadIds.length === 0
        ? none
        : db
            .selectFrom('lead_notes')
            .select(['id', 'lead_id', 'capture_id', 'text', 'created_at'])
            .where('lead_id', 'in', leadIds)
            .orderBy('created_at')
            .execute(),
      leadIds.length === 0
        ? none
        : db
            .selectFrom('lead_status_changes')
            .select(['lead_id', 'capture_id', 'from_status', 'to_status', 'at'])
            .where('lead_id', 'in', leadIds)
            .orderBy('at')
            .execute(),
      leadIds.length === 0
        ? none
        : db
            .selectFrom('lead_events')
            .select(['lead_id', 'at', 'kind', 'capture_id', 'conversation_id', 'detail'])
            .where('lead_id', 'in', leadIds)
            .orderBy('at')
            .orderBy('id')
            .execute(),
    ]);
  return {
    exportedAt: now.toISOString(),
    people: people.map(camel),
    leads: leads.map(camel),
    captures,
    conversations: conversations.map(camel),
    feedback: feedback.map(camel),
    notes: notes.map(camel),
    statusChanges: statusChanges.map(camel),
    timeline: timeline.map(camel),
  };
}

/** Who asks for a person's data, for the audit log: the CLI, or a signed-in inbox user. */
export interface PersonRequester {
  via: 'cli' | 'inbox';
  by?: { id: string; email: string } | null;
  now?: Date;
}

/**
 * The one export both ways in use (`npm run desk -- person export` and the inbox's `Export
 * data`): finds the person, gathers {@link exportPerson}, and audits it with counts only.
 * Resolves `null` when nobody matches. Throws PersonQueryError for a query that names no one.
 */
export async function exportPersonAudited(
  db: Kysely<DeskDatabase>,
  query: PersonQuery,
  requester: PersonRequester,
): Promise<Record<string, unknown> | null> {
  const now = requester.now ?? new Date();
  const scope = await findPersonScope(db, query);
  if (scope.peopleIds.length === 0) {
    return null;
  }
  const data = await exportPerson(db, scope, now);
  await writeAudit(db, {
    actor: requester.by ?? null,
    at: now,
    action: 'person-exported',
    // No lead id: the row outlives a later deletion, which empties the lead's audit rows.
    detail: { leads: scope.leadIds.length, captures: scope.captureIds.length, via: requester.via },
  });
  return data;
}
