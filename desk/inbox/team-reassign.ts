import { sql } from 'kysely';
import type { TeamDb } from '../routing/team.ts';

/** Statuses of a lead that is done: it needs nobody. */
const DONE = ['Closed', 'Lost'];

/**
 * Open leads (not Closed or Lost, not merged) per assignee email who is deactivated: the leads
 * that stay with an agent who left and need reassigning. The leads list's flag reads
 * {@link needsReassignmentSql} for the same rule.
 */
export async function leadsToReassign(db: TeamDb): Promise<Map<string, number>> {
  const { rows } = await sql<{ email: string; open: number | string }>`
    select u.email, count(l.id) as open
    from users u join leads l on lower(l.assigned_email) = u.email
    where not u.active and l.merged_into is null and l.status not in (${sql.join(DONE)})
    group by u.email`.execute(db);
  return new Map(rows.map((r) => [r.email, Number(r.open)]));
}

/**
 * A boolean SQL expression over a `leads` row aliased `alias`: its assignee is deactivated and
 * it is still open. For the leads list to flag "reassign" (desk/inbox/leads-list.ts).
 */
export function needsReassignmentSql(alias: string) {
  const lead = sql.ref(alias);
  return sql<boolean>`(${lead}.status not in (${sql.join(DONE)}) and exists (
    select 1 from users u where u.email = lower(${lead}.assigned_email) and not u.active))`;
}
