import { sql } from 'kysely';
import { json } from '../storage/database.ts';
import { DEFAULT_RULES } from './default-rules.ts';
import type { RoutingRule, RoutingSet } from './rules-contract.ts';
import type { TeamDb } from './team.ts';

/**
 * The saved routing rules and round robin's counts (docs/inbox.md#routing): one row of rules with
 * its version, the default rules while none are saved.
 */

/** A save that named a version someone else has since replaced. */
export class RoutingVersionError extends Error {
  override name = 'RoutingVersionError';
  readonly code = 'version-conflict';
  constructor() {
    super('Someone saved the rules since you opened them; reload to see their change');
  }
}

/** The saved rules, or the default ones (version 0) while none are saved. */
export async function loadRoutingSet(db: TeamDb): Promise<RoutingSet> {
  const row = await db
    .selectFrom('routing_rules')
    .select(['rules', 'version', 'updated_at', 'updated_by'])
    .executeTakeFirst();
  if (!row) {
    return { rules: [...DEFAULT_RULES], version: 0, updatedAt: null, updatedBy: null };
  }
  return {
    // Checked by parseRules before they were saved.
    rules: row.rules as unknown as RoutingRule[],
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/**
 * Saves checked rules over `version` (the one the broker read): the new set, version + 1. Throws
 * {@link RoutingVersionError} when the saved version is no longer `version`. Run it in the
 * transaction that audits the change.
 */
export async function saveRoutingSet(
  db: TeamDb,
  rules: readonly RoutingRule[],
  version: number,
  by: string | null,
  now: Date,
): Promise<RoutingSet> {
  const values = { rules: json(rules), updated_at: now, updated_by: by };
  const saved =
    version === 0
      ? await db
          .insertInto('routing_rules')
          .values({ ...values, version: 1 })
          .onConflict((oc) => oc.doNothing())
          .returning('version')
          .executeTakeFirst()
      : await db
          .updateTable('routing_rules')
          .set({ ...values, version: version + 1 })
          .where('version', '=', version)
          .returning('version')
          .executeTakeFirst();
  if (!saved) {
    throw new RoutingVersionError();
  }
  return { rules: [...rules], version: saved.version, updatedAt: now.toISOString(), updatedBy: by };
}

/**
 * Takes a round-robin turn (in the capture's transaction): locks the rule's counts, reads them,
 * lets `pick` choose with them, and counts the one picked. Two desks taking a turn of the same
 * rule wait for each other here, so neither gives the same turn twice.
 */
export async function takeTurn<T>(
  db: TeamDb,
  ruleId: string,
  emails: readonly string[],
  pick: (served: ReadonlyMap<string, number>) => { value: T; email: string | null },
): Promise<T> {
  // In one order, so two captures inserting the same new rows never wait in a circle.
  const rows = [...emails].sort().map((email) => ({ rule_id: ruleId, email, served: 0 }));
  if (rows.length > 0) {
    await db
      .insertInto('routing_turns')
      .values(rows)
      .onConflict((oc) => oc.columns(['rule_id', 'email']).doNothing())
      .execute();
  }
  const counts = await db
    .selectFrom('routing_turns')
    .select(['email', 'served'])
    .where('rule_id', '=', ruleId)
    .orderBy('email')
    .forUpdate()
    .execute();
  const { value, email } = pick(new Map(counts.map((c) => [c.email, Number(c.served)])));
  if (email !== null) {
    await db
      .updateTable('routing_turns')
      .set({ served: sql`served + 1` })
      .where('rule_id', '=', ruleId)
      .where('email', '=', email)
      .execute();
  }
  return value;
}

/** Every round-robin count as it stands, read without a lock (trying a lead moves none). */
export async function readTurns(
  db: TeamDb,
): Promise<(ruleId: string) => ReadonlyMap<string, number>> {
  const rows = await db
    .selectFrom('routing_turns')
    .select(['rule_id', 'email', 'served'])
    .execute();
  return (ruleId) =>
    new Map(rows.filter((r) => r.rule_id === ruleId).map((r) => [r.email, Number(r.served)]));
}
