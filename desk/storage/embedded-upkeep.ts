import { type Kysely, sql } from 'kysely';
import type { DeskDatabase } from './schema.ts';

/**
 * PGlite runs no autovacuum, so nothing analyzes its tables, and a kept statement's plan is the
 * one made when the desk first ran it: on a new database, a scan of a table that was empty then,
 * which every capture pays for again as the table grows (issue 31 #13: a whole-table scan of
 * `people` and of `captures` per capture). This does autovacuum's analyze, at its default
 * thresholds: a table is analyzed once more than 50 rows plus a tenth of it changed. An analyze
 * refreshes the table's statistics and drops the plans that read it, so their next run is
 * planned for the table as it is now. Vacuum is left out: on PGlite's one session it would hold
 * every request for as long as it ran.
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** How often the tables' changes are looked at (one small query). */
export const UPKEEP_EVERY_MS = 2000;

/** Analyzes the tables changed past the thresholds, in one statement; resolves their names. */
export async function analyzeChangedTables(db: Kysely<DeskDatabase>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select relname as name from pg_stat_user_tables
    where n_mod_since_analyze > ${sql.lit(ANALYZE_THRESHOLD)} + ${sql.lit(ANALYZE_SCALE_FACTOR)} * n_live_tup
    order by relname`.execute(db);
  const names = rows.map((r) => r.name);
  if (names.length > 0) {
    await sql`analyze ${sql.join(names.map((name) => sql.id(name)))}`.execute(db);
  }
  return names;
}

/** Runs {@link analyzeChangedTables} every `everyMs` until stopped; a failed run waits for the next. */
export function startEmbeddedUpkeep(
  db: Kysely<DeskDatabase>,
  everyMs = UPKEEP_EVERY_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= analyzeChangedTables(db)
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
