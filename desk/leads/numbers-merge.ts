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
 * The rollups across a merge (issue 26 §4): two leads that were one person counted as two new
 * leads, each with its speed to lead and its claim. In the merge's transaction the two leads'
 * share of the rollups is taken away as it was and the survivor's counted by the rebuild's own
 * rules (numbers-rebuild.ts), so the live rollups say what a rebuild would.
 */

/** The two leads' captures as counted before the merge moves them: read before it does. */
export function countedBeforeMerge(
  trx: Transaction<DeskDatabase>,
  fromId: string,
  intoId: string,
): Promise<CaptureFacts[]> {
  return captureFacts(trx, [fromId, intoId]);
}

/** Recounts after `fromId`'s captures, notes and history moved to `intoId`. */
export async function recountMerge(
  trx: Transaction<DeskDatabase>,
  before: readonly CaptureFacts[],
  fromId: string,
  intoId: string,
  timeZone: string,
): Promise<void> {
  const dayOf = dayReader(timeZone);
  const after = captureChanges(await captureFacts(trx, [intoId]), dayOf, 1);
  const taken = captureChanges(before, dayOf, -1);
  await addDailyRows(trx, dailyRows([...taken.changes, ...after.changes]));
  await addSpeedRollups(trx, [fromId, intoId], -1);
  await trx.deleteFrom('lead_speed').where('lead_id', 'in', [fromId, intoId]).execute();
  await insertSpeedRows(trx, after.speed);
  await noteResponsesAndClaims(trx, [intoId]);
  await addSpeedRollups(trx, [intoId], 1);
  // A conversation counts under its first capture's agent, which may now be the survivor's.
  const conversations = new Set(before.map((c) => c.conversation_id).filter((id) => id !== null));
  for (const id of [...conversations].sort()) {
    await countConversation(trx, id, timeZone);
  }
}
