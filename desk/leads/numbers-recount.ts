import type { Transaction } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import {
  addSpeedRollups,
  type CaptureFacts,
  captureChanges,
  captureFacts,
  dayReader,
  insertSpeedRows,
  noteResponsesAndClaims,
} from './numbers-rebuild.ts';
import { addDailyRows, countConversation, dailyRows } from './numbers-rollup.ts';

/**
 * The rollups when a lead changes hands (issue 26 §4): a merge, where two leads that were one
 * person counted as two new leads, each with its speed to lead and its claim; and a new assignee
 * (a broker's reassignment, an escalation step), where the lead's counts by agent move with it.
 * In the change's transaction the leads' share of the rollups is taken away as it was, read
 * before the change, and counted again by the rebuild's own rules (numbers-rebuild.ts), so the
 * live rollups say what a rebuild would.
 */

/** The leads' captures as counted before the change: read before it is made. */
export function countedBefore(
  trx: Transaction<DeskDatabase>,
  leadIds: readonly string[],
): Promise<CaptureFacts[]> {
  return captureFacts(trx, [...new Set(leadIds)]);
}

/**
 * Recounts after the change: `before` (from {@link countedBefore}) comes off, and `survivor`, the
 * lead that now holds what the others held, is counted as it is now.
 */
export async function recountLeads(
  trx: Transaction<DeskDatabase>,
  before: readonly CaptureFacts[],
  leadIds: readonly string[],
  survivor: string,
  timeZone: string,
): Promise<void> {
  const ids = [...new Set([...leadIds, survivor])];
  const dayOf = dayReader(timeZone);
  const after = captureChanges(await captureFacts(trx, [survivor]), dayOf, 1);
  const taken = captureChanges(before, dayOf, -1);
  await addDailyRows(trx, dailyRows([...taken.changes, ...after.changes]));
  await addSpeedRollups(trx, ids, -1);
  await trx.deleteFrom('lead_speed').where('lead_id', 'in', ids).execute();
  await insertSpeedRows(trx, after.speed);
  await noteResponsesAndClaims(trx, [survivor]);
  await addSpeedRollups(trx, [survivor], 1);
  // A conversation counts under its first capture's agent, which may now be another.
  const conversations = new Set(before.map((c) => c.conversation_id).filter((id) => id !== null));
  for (const id of [...conversations].sort()) {
    await countConversation(trx, id, timeZone);
  }
}
