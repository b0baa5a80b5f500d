import { type Kysely, sql } from 'kysely';
import type { DeskDatabase } from './schema.ts';

/**
 * PGlite runs no autovacuum, so nothing analyzes its tables, and a kept statement's plan is the
 * one made when the desk first ran it: on a new database, a scan of a table that was empty then,
 * which every capture pays for again as the table grows (issue 31 #13: a whole-table scan of
 * `people` and of `captures` per capture). This does autovacuum's analyze, at its default
 * thresholds: a table is analyzed once more than 50 rows plus a tenth of it changed. An analyze
 * refreshes the table's statistics and drops the plans that read it, so their next run is
 * planned for the table as it is now. One table a turn, the furthest past its threshold: an
 * analyze holds PGlite's one session (2 to 25 ms for a table of a few thousand rows), and seven
 * at once held every request for 50 ms. Vacuum is left out: it would hold the session longer.
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
/**
 * The statistics target for these analyzes: a sample of 900 rows (300 per unit) instead of
 * PostgreSQL's 30,000, and three most common values per column, which still name every value
 * of the desk's few-valued columns (a job's status, its kind). An analyze holds PGlite's one
 * session and so the event loop: at 10, `captures` of 3,000 rows took 44 to 118 ms (wall time,
 * on a shared machine at load 15), a stall of every request; at 3, 9 to 41 ms (issue 31 #13).
 * Ample for the desk's plans, which look rows up by key.
 */
const SAMPLE_TARGET = 3;

/** How often the tables' changes are looked at (one small query). */
export const UPKEEP_EVERY_MS = 1000;

/**
 * Analyzes the table changed furthest past its threshold, if any; resolves its name, or null
 * when none needs it.
 */
export async function analyzeMostChangedTable(db: Kysely<DeskDatabase>): Promise<string | null> {
  const threshold = sql`(${sql.lit(ANALYZE_THRESHOLD)} + ${sql.lit(ANALYZE_SCALE_FACTOR)} * n_live_tup)`;
  const { rows } = await sql<{ name: string }>`
    select relname as name from pg_stat_user_tables
    where n_mod_since_analyze > ${threshold}
    order by n_mod_since_analyze / ${threshold} desc, relname
    limit 1`.execute(db);
  const name = rows[0]?.name ?? null;
  if (name !== null) {
    await db.transaction().execute(async (trx) => {
      await sql`set local default_statistics_target = ${sql.lit(SAMPLE_TARGET)}`.execute(trx);
      await sql`analyze ${sql.id(name)}`.execute(trx);
    });
  }
  return name;
}

/** Runs {@link analyzeMostChangedTable} every `everyMs` until stopped; a failed turn waits for the next. */
export function startEmbeddedUpkeep(
  db: Kysely<DeskDatabase>,
  everyMs = UPKEEP_EVERY_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= analyzeMostChangedTable(db)
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
