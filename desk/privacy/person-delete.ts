import type { Kysely, Transaction } from 'kysely';
import type { DeskEnv } from '../config/desk-env.ts';
import { lockAll, personLocks } from '../ingest/store-capture.ts';
import { dropJobsOf, enqueue } from '../jobs/job-queue.ts';
import { writeAudit } from '../storage/audit-log.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { findPersonScope, type PersonQuery, type PersonScope } from './person-scope.ts';

/** The adapters that hear of a deleted person: the signed webhook, when it is set up. */
export function eventAdapters(env: Pick<DeskEnv, 'webhook'>): string[] {
  return env.webhook === null ? [] : ['webhook'];
}

/** What a deletion removed: counts only, the audit log's and the CLI's answer. */
export interface PersonDeletion {
  people: number;
  leads: number;
  captures: number;
  conversations: number;
  notes: number;
  /** Deliveries not yet made for them, now never made. */
  deliveriesCancelled: number;
  /** `person.deleted` events queued for downstream systems (one per adapter that takes them). */
  eventsQueued: number;
}

/** How a deletion is made: who asks (audited), which adapters hear of it, and when. */
export interface DeleteOptions {
  /** Adapters that take `person.deleted` events (the signed webhook, when enabled). */
  eventAdapters: readonly string[];
  /** The inbox user who asked; `null` for the CLI. */
  by?: { id: string; email: string } | null;
  via: 'cli' | 'inbox';
  now?: Date;
}

/** The `person.deleted` event's body: ids only, which downstream systems already hold. */
export interface PersonDeletedEvent {
  type: 'person.deleted';
  deletedAt: string;
  personIds: string[];
  leadIds: string[];
  captureIds: string[];
}

type Db = Transaction<DeskDatabase>;

/** The tables whose rows hang off a lead or a capture, emptied before either goes. */
const LEAD_TABLES = ['lead_events', 'audit_log', 'lead_notes', 'lead_status_changes'] as const;
type LeadTable = (typeof LEAD_TABLES)[number];

/**
 * Deletes every row of a scope, children first (the foreign keys point up to them), in the
 * caller's transaction; the retention sweep uses it too. Resolves the counts.
 */
export async function removeScope(
  trx: Db,
  scope: PersonScope,
): Promise<Omit<PersonDeletion, 'eventsQueued'>> {
  const { peopleIds, leadIds, captureIds, conversationIds } = scope;
  const counts: Partial<Record<LeadTable, number>> = {};
  // The audit rows about them go too: a note's row holds its text. The deletion's own row,
  // written after, says what went.
  for (const table of LEAD_TABLES) {
    const gone = await trx
      .deleteFrom(table)
      .where((eb) =>
        eb.or([
          ...(leadIds.length === 0 ? [] : [eb('lead_id', 'in', leadIds)]),
          ...(captureIds.length === 0 ? [] : [eb('capture_id', 'in', captureIds)]),
        ]),
      )
      .executeTakeFirst();
    counts[table] = Number(gone.numDeletedRows);
  }
  const jobs = await dropJobsOf(trx, { captureIds, leadIds });
  if (captureIds.length > 0) {
    await trx.deleteFrom('captures').where('id', 'in', captureIds).execute();
  }
  let conversations = 0;
  if (conversationIds.length > 0) {
    await trx
      .deleteFrom('conversation_feedback')
      .where('conversation_id', 'in', conversationIds)
      .execute();
    const gone = await trx
      .deleteFrom('conversations')
      .where('id', 'in', conversationIds)
      .executeTakeFirst();
    conversations = Number(gone.numDeletedRows);
  }
  // One statement: leads merged into each other are checked at its end, not row by row.
  if (leadIds.length > 0) {
    // The numbers keep their anonymous daily counts; the lead's own speed row goes with it.
    await trx.deleteFrom('lead_speed').where('lead_id', 'in', leadIds).execute();
    await trx.deleteFrom('leads').where('id', 'in', leadIds).execute();
  }
  const people = await trx.deleteFrom('people').where('id', 'in', peopleIds).executeTakeFirst();
  return {
    people: Number(people.numDeletedRows),
    leads: leadIds.length,
    captures: captureIds.length,
    conversations,
    notes: counts.lead_notes ?? 0,
    deliveriesCancelled: jobs.filter((j) => j.status === 'pending').length,
  };
}

/**
 * Erases one person (docs/desk.md#privacy): their people rows, leads, captures, the
 * conversations only they took part in, notes, status changes, timeline and the jobs about them
 * (pending deliveries are cancelled), in one transaction under the locks a capture of the same
 * email or phone takes, so none slips in half-way. Queues a `person.deleted` event per event
 * adapter and writes one audit row with counts only. Resolves `null` when nobody matches.
 */
export async function deletePerson(
  db: Kysely<DeskDatabase>,
  query: PersonQuery,
  options: DeleteOptions,
): Promise<PersonDeletion | null> {
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const locks = personLocks({
      ...(query.phone !== undefined && { phone: query.phone }),
      ...(query.email !== undefined && { email: query.email }),
    });
    await lockAll(trx, locks);
    const scope = await findPersonScope(trx, query);
    // Every person has a lead and a capture (ingest makes all three at once); `in ()` would not run.
    if (
      scope.peopleIds.length === 0 ||
      scope.leadIds.length === 0 ||
      scope.captureIds.length === 0
    ) {
      return null;
    }
    const removed = await removeScope(trx, scope);
    const event: PersonDeletedEvent = {
      type: 'person.deleted',
      deletedAt: now.toISOString(),
      personIds: scope.peopleIds,
      leadIds: scope.leadIds,
      captureIds: scope.captureIds,
    };
    const first = [...scope.peopleIds].sort()[0];
    const eventsQueued = await enqueue(
      trx,
      options.eventAdapters.map((adapter) => ({
        kind: 'person-event' as const,
        key: `person.deleted:${first}:${adapter}`,
        adapter,
        payload: { ...event },
      })),
      { now },
    );
    const deletion = { ...removed, eventsQueued };
    await writeAudit(trx, {
      actor: options.by ?? null,
      action: 'person-deleted',
      at: now,
      detail: { ...deletion, via: options.via },
    });
    return deletion;
  });
}
