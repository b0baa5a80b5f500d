import type { Kysely, Transaction } from 'kysely';
import { json } from './database.ts';
import type { DeskDatabase } from './schema.ts';

/** Who made a change: a signed-in user, or nobody (the CLI, a scheduled sweep). */
export type AuditActor = { id: string; email: string } | null;

/** One row of the audit log: who, what, when, on which lead or capture. */
export interface AuditEntry {
  actor: AuditActor;
  action: string;
  /** When it happened; the database's clock when left out. */
  at?: Date;
  leadId?: string | null;
  captureId?: string | null;
  detail: Record<string, unknown>;
}

/**
 * Writes one audit row. The one writer of `audit_log` (a test keeps it so), so every row has
 * the same columns whichever door the change came in by: the inbox, the CLI or a sweep.
 */
export async function writeAudit(
  db: Kysely<DeskDatabase> | Transaction<DeskDatabase>,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.actor?.id ?? null,
      user_email: entry.actor?.email ?? null,
      ...(entry.at && { at: entry.at }),
      action: entry.action,
      lead_id: entry.leadId ?? null,
      capture_id: entry.captureId ?? null,
      detail: json(entry.detail),
    })
    .execute();
}
