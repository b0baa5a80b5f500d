import type { Kysely, Transaction } from 'kysely';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/**
 * What can happen to a lead (docs/inbox.md#timeline). `received` is its first capture and stays
 * its first line; `returned` is a capture in a conversation the lead had not seen; `capture` is
 * another capture in one it had.
 */
export type LeadEventKind =
  | 'received'
  | 'returned'
  | 'capture'
  | 'conversation'
  | 'status'
  | 'assigned'
  | 'note'
  | 'delivery-retry'
  | 'alert'
  | 'merged'
  | 'claimed'
  | 'escalated';

/** One line of a lead's timeline, as it is appended. */
export interface NewLeadEvent {
  leadId: string;
  kind: LeadEventKind;
  at: Date;
  captureId?: string | null;
  conversationId?: string | null;
  /** Who did it, for a change made in the inbox; absent for the desk's own events. */
  user?: { id: string; email: string } | null;
  detail?: Record<string, unknown>;
}

/**
 * The insert of timeline lines, unexecuted: what {@link appendLeadEvents} runs, and what a
 * caller on the hot path sends inside one of its own statements (a capture's, which saves a
 * round trip). `events` must not be empty.
 */
export function leadEventsInsert(
  db: Kysely<DeskDatabase> | Transaction<DeskDatabase>,
  events: readonly NewLeadEvent[],
) {
  return db.insertInto('lead_events').values(
    events.map((event) => ({
      lead_id: event.leadId,
      at: event.at,
      kind: event.kind,
      capture_id: event.captureId ?? null,
      conversation_id: event.conversationId ?? null,
      user_id: event.user?.id ?? null,
      user_email: event.user?.email ?? null,
      detail: json(event.detail ?? {}),
    })),
  );
}

/**
 * Appends lines to leads' timelines, in the caller's transaction. This module is the only
 * writer of `lead_events`; the database refuses to update a line, so history is never rewritten.
 */
export async function appendLeadEvents(
  db: Kysely<DeskDatabase> | Transaction<DeskDatabase>,
  events: readonly NewLeadEvent[],
): Promise<void> {
  if (events.length === 0) {
    return;
  }
  await leadEventsInsert(db, events).execute();
}
