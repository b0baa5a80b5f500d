import { type Kysely, sql } from 'kysely';
import type { Retention } from '../config/retention.ts';
import { lockAll, personLocks } from '../ingest/store-capture.ts';
import { writeAudit } from '../storage/audit-log.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { removeScope } from './person-delete.ts';
import { scopeOfLeads } from './person-scope.ts';

/** What a sweep deleted, or with `dryRun` would delete: counts only. */
export interface SweepCounts {
  /** Conversations whose transcript, messages and recording URL were cleared. */
  transcripts: number;
  leads: number;
  captures: number;
  conversations: number;
  /** Failed sign-ins (an email and an address each) older than `logDays`. */
  loginFailures: number;
}

/** How a sweep runs: its clock, batch size, and whether it only counts. */
export interface SweepOptions {
  now?: Date;
  /** Rows per statement or transaction, so a first sweep of a big database never holds long locks. */
  batch?: number;
  dryRun?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

type Db = Kysely<DeskDatabase>;

// A conversation's words are kept `transcriptDays` after it ended (or was stored, if it never said).
async function clearTranscripts(db: Db, cutoff: Date, batch: number, dryRun: boolean) {
  const expired = db
    .selectFrom('conversations')
    .select('id')
    .where(sql<Date>`coalesce(ended_at, created_at)`, '<', cutoff)
    .where((eb) =>
      eb.or([
        eb('transcript', 'is not', null),
        eb('recording_url', 'is not', null),
        eb(sql`jsonb_array_length(messages)`, '>', 0),
      ]),
    );
  if (dryRun) {
    const row = await db
      .selectFrom(expired.as('e'))
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  let total = 0;
  for (;;) {
    const done = await db
      .updateTable('conversations')
      .set({ transcript: null, recording_url: null, messages: '[]', updated_at: new Date() })
      .where('id', 'in', expired.limit(batch))
      .executeTakeFirst();
    const n = Number(done.numUpdatedRows);
    total += n;
    if (n < batch) {
      return total;
    }
  }
}

// One expired lead at a time, in its own transaction, under the locks a capture of its person
// takes: a capture that arrives meanwhile either lands first (and the lead is no longer expired)
// or waits and starts a new lead.
async function deleteLeads(db: Db, cutoff: Date, batch: number, dryRun: boolean) {
  const counts = { leads: 0, captures: 0, conversations: 0 };
  let after: string | null = null;
  for (;;) {
    let expired = db
      .selectFrom('leads')
      .select('id')
      .where('merged_into', 'is', null)
      .where('last_activity_at', '<', cutoff);
    if (after !== null) {
      expired = expired.where('id', '>', after);
    }
    const page = await expired.orderBy('id').limit(batch).execute();
    for (const { id } of page) {
      const removed = await db.transaction().execute(async (trx) => {
        const people = await trx
          .selectFrom('leads')
          .innerJoin('people', 'people.id', 'leads.person_id')
          .select(['people.phone', 'people.email'])
          .where('leads.id', '=', id)
          .execute();
        const keys = people.flatMap((p) =>
          personLocks({ ...(p.phone && { phone: p.phone }), ...(p.email && { email: p.email }) }),
        );
        await lockAll(trx, keys);
        const still = await trx
          .selectFrom('leads')
          .select('id')
          .where('id', '=', id)
          .where('last_activity_at', '<', cutoff)
          .executeTakeFirst();
        if (!still) {
          return null;
        }
        const scope = await scopeOfLeads(trx, [id]);
        if (dryRun) {
          return {
            leads: scope.leadIds.length,
            captures: scope.captureIds.length,
            conversations: scope.conversationIds.length,
          };
        }
        return removeScope(trx, scope);
      });
      if (removed) {
        counts.leads += removed.leads;
        counts.captures += removed.captures;
        counts.conversations += removed.conversations;
      }
    }
    const last = page.at(-1);
    if (!last || page.length < batch) {
      return counts;
    }
    // Deleted rows are gone; a dry run pages on past the ones it counted.
    after = dryRun ? last.id : null;
  }
}

/**
 * Deletes what has outlived `retention` (docs/desk.md#retention), on either database: the
 * transcripts, messages and recording URLs of conversations older than `transcriptDays`, then
 * the leads without activity for `leadDays` with their captures, conversations, notes,
 * timeline and deliveries, then failed sign-ins older than `logDays`. Writes the counts (and
 * nothing else) to the audit log when anything went. With `dryRun`, only counts.
 */
export async function sweepExpired(
  db: Db,
  retention: Retention,
  options: SweepOptions = {},
): Promise<SweepCounts> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? 200;
  const dryRun = options.dryRun === true;
  const transcripts = await clearTranscripts(
    db,
    daysBefore(now, retention.transcriptDays),
    batch,
    dryRun,
  );
  const leads = await deleteLeads(db, daysBefore(now, retention.leadDays), batch, dryRun);
  const failures = db
    .selectFrom('login_failures')
    .where('at', '<', daysBefore(now, retention.logDays));
  const loginFailures = dryRun
    ? Number(
        (await failures.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow())
          .n,
      )
    : Number(
        (
          await db
            .deleteFrom('login_failures')
            .where('at', '<', daysBefore(now, retention.logDays))
            .executeTakeFirst()
        ).numDeletedRows,
      );
  const counts = { transcripts, ...leads, loginFailures };
  if (!dryRun && Object.values(counts).some((n) => n > 0)) {
    await writeAudit(db, { actor: null, action: 'retention', at: now, detail: counts });
  }
  return counts;
}
