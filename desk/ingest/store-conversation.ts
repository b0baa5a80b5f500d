import { type Kysely, sql } from 'kysely';
import { countConversation } from '../inbox/numbers-rollup.ts';
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
 * widget transcript replaces an earlier widget one unless it has fewer lines; a report without
 * a transcript (a conversation that produced no capture) is one with no lines. It is counted in
 * the numbers once, where its listing, page, source and agent say (numbers-rollup.ts). The
 * conversation's captures waiting for it are then due for delivery at once. Returns whether
 * the stored record changed.
 */
export async function storeConversation(
  db: Kysely<DeskDatabase>,
  conversation: IncomingConversation,
  timeZone: string,
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
      // A report that does not tell the listing or the source keeps what an earlier one told.
      ...(conversation.listing && { listing: json(conversation.listing) }),
      ...(conversation.visitSource && { visit_source: json(conversation.visitSource) }),
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
    await countConversation(trx, conversation.id, timeZone);
    await startWaitingJobs(
      trx,
      trx.selectFrom('captures').select('id').where('conversation_id', '=', conversation.id),
    );
    return true;
  });
}
