/**
 * The upkeep of kept (named, prepared) statements, on either driver (pglite-driver.ts,
 * server-driver.ts): when one is prepared again, and which are closed.
 *
 * A kept statement is prepared again when its runs reach the next of these counts (16, 64,
 * 256, …, then every {@link REPLAN_LAST} runs). PostgreSQL keeps a statement's generic plan
 * until a table it reads is analyzed or altered, and a new desk makes that plan on its first
 * runs, when its tables are empty: a whole-table scan there costs nothing, and every later run
 * pays for it again as the table grows (issue 31 #13: the delivery's lead read scanned
 * `captures`, `people` and `conversations`). Planned again as the desk is used, a statement's
 * plan follows its tables' growth between the analyzes, for a handful of plannings per
 * statement over the desk's life.
 */
const REPLAN_FIRST = 16;
const REPLAN_FACTOR = 4;
const REPLAN_LAST = 65_536;

/** The first run after run number `runs` at which a statement is prepared again. */
export function nextReplanAt(runs: number): number {
  if (runs >= REPLAN_LAST) {
    return (Math.floor(runs / REPLAN_LAST) + 1) * REPLAN_LAST;
  }
  let at = REPLAN_FIRST;
  while (at <= runs) {
    at *= REPLAN_FACTOR;
  }
  return at;
}

/**
 * Drops the least recently used statements (the map's first entries: a statement used is set
 * again, last) beyond `max`, and gives their names, to be closed on the server.
 */
export function overflow(kept: Map<string, { name: string }>, max: number): string[] {
  const names: string[] = [];
  for (const [text, { name }] of kept) {
    if (kept.size <= max) {
      break;
    }
    kept.delete(text);
    names.push(name);
  }
  return names;
}
