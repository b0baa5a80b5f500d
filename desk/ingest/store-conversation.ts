import { type Kysely, sql } from 'kysely';
import { startWaitingJobs } from '../jobs/job-queue.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import type { IncomingConversation } from './conversation-body.ts';

function messageCount(stored: unknown): number {
  const list = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Array.isArray(list) ? list.length : 0;
}

/**
 * Stores a finished conversation (docs/desk.md#ingest). The platform's report wins: a widget
 * transcript never replaces it, while a later platform report replaces a widget transcript. A
 * widget transcript replaces an earlier widget one unless it has fewer lines. The
 * conversation's captures waiting for it are then due for delivery at once. Returns whether
 * the stored record changed.
 */
export async function storeConversation(
  db: Kysely<DeskDatabase>,
  conversation: IncomingConversation,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`conversation:${conversation.id}`}, 0))`.execute(
      trx,
    );
    const existing = await trx
      .selectFrom('conversations')
      .select(['source', 'messages'])
      .where('id', '=', conversation.id)
      .executeTakeFirst();
    if (existing?.source === 'platform' && conversation.source === 'widget') {
      return false;
    }
    // A chat's transcript is sent again, whole, each time the chat ends with new lines; a copy
    // with fewer lines is an earlier one that waited on the device, arriving late.
    if (
      existing?.source === 'widget' &&
      conversation.source === 'widget' &&
      conversation.messages.length < messageCount(existing.messages)
    ) {
      return false;
    }
    const values = {
      source: conversation.source,
      channel: conversation.channel,
      transcript: conversation.transcript,
      messages: json(conversation.messages),
      summary: conversation.summary,
      recording_url: conversation.recordingUrl,
      duration_seconds: conversation.durationSeconds,
      ended_reason: conversation.endedReason,
      page_url: conversation.pageUrl,
      started_at: conversation.startedAt,
      ended_at: conversation.endedAt,
      demo: conversation.demo,
    };
    if (existing) {
      await trx
        .updateTable('conversations')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', conversation.id)
        .execute();
    } else {
      await trx
        .insertInto('conversations')
        .values({ id: conversation.id, ...values })
        .execute();
    }
    await startWaitingJobs(
      trx,
      trx.selectFrom('captures').select('id').where('conversation_id', '=', conversation.id),
    );
    return true;
  });
}
