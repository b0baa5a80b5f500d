/**
 * The upkeep of kept (named, prepared) statements, on either driver (pglite-driver.ts,
 * server-driver.ts): which are kept, when one is prepared again, and which are closed.
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

/** One text's kept statement: its name on the session, its runs, and what its driver keeps. */
export interface Kept<Detail> {
  readonly name: string;
  /** Runs since the text was first prepared, this one counted. */
  runs: number;
  /** The run at which the text is prepared again. */
  readonly replanAt: number;
  /** What the driver learnt preparing it (its parameter types, its columns); null until then. */
  detail: Detail | null;
}

/**
 * A session's kept statements, by text: the `max` most recently used, each prepared again on the
 * schedule above. The driver prepares what {@link use} gives it fresh, and closes the names
 * {@link takeClosing} gives it with its next write.
 */
export class KeptStatements<Detail> {
  readonly #kept = new Map<string, Kept<Detail>>();
  readonly #prefix: string;
  readonly #max: number;
  #closing: string[] = [];
  #next = 0;

  constructor(prefix: string, max: number) {
    this.#prefix = prefix;
    this.#max = max;
  }

  /**
   * The statement to run `text` as, this run counted: the kept one, or a fresh one to prepare
   * when the text is new or due to be planned again (the old name is then closed).
   */
  use(text: string): { kept: Kept<Detail>; fresh: boolean } {
    const old = this.#kept.get(text);
    // Most recently used last, so the first entries are the ones to close.
    this.#kept.delete(text);
    if (old && old.runs + 1 < old.replanAt) {
      old.runs += 1;
      this.#kept.set(text, old);
      return { kept: old, fresh: false };
    }
    if (old) {
      this.#closing.push(old.name);
    }
    const runs = (old?.runs ?? 0) + 1;
    const kept = {
      name: `${this.#prefix}${this.#next++}`,
      runs,
      replanAt: nextReplanAt(runs),
      detail: null,
    };
    this.#kept.set(text, kept);
    for (const [oldest, { name }] of this.#kept) {
      if (this.#kept.size <= this.#max) {
        break;
      }
      this.#kept.delete(oldest);
      this.#closing.push(name);
    }
    return { kept, fresh: true };
  }

  /** Forgets `kept` (preparing it failed, or the server refused it): its text is prepared afresh. */
  forget(text: string, kept: Kept<Detail>): void {
    if (this.#kept.get(text) === kept) {
      this.#kept.delete(text);
      this.#closing.push(kept.name);
    }
  }

  /** The names to close with the next write (each given once). */
  takeClosing(): string[] {
    const names = this.#closing;
    this.#closing = [];
    return names;
  }
}
