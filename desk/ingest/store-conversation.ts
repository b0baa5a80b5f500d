import { type Kysely, sql, type Transaction } from 'kysely';
import { conversationUpdateJob } from '../jobs/job-kinds.ts';
import { enqueue, startWaitingJobs } from '../jobs/job-queue.ts';
import { countConversation } from '../leads/numbers-rollup.ts';
import { appendLeadEvents } from '../leads/timeline.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import type { IncomingConversation } from './conversation-body.ts';

/**
 * How long the update after a website call waits for the voice platform's end-of-call report,
 * which carries the call's summary; the report, when it comes, starts it at once.
 */
export const PLATFORM_REPORT_WAIT_MS = 60_000;

function messageCount(stored: unknown): number {
  const list = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Array.isArray(list) ? list.length : 0;
}

/** How a conversation is stored. */
export interface StoreConversationOptions {
  now?: Date;
  /**
   * The voice platform sends this desk its end-of-call reports (`DESK_PLATFORM_SECRET` is set),
   * so a website call's update waits for the report's summary (default true).
   */
  platformReports?: boolean;
}

// A text is the alert alone: no lane works a text's update (desk/delivery/outbox-worker.ts), so
// one queued would wait for ever; the conversation follows by email, the CRM and the webhook.
const ALERT_ONLY_ADAPTERS = ['sms'];

/**
 * What follows each lead's alert now that its conversation has ended (docs/desk.md#delivery):
 * one update per lead and adapter, after the alert of the lead's first capture in it, and a
 * 'conversation' line on each lead's timeline. Only on the conversation's first storing: a
 * capture stored after that carried the conversation in its own alert.
 */
async function followAlerts(
  trx: Transaction<DeskDatabase>,
  conversation: IncomingConversation,
  options: Required<StoreConversationOptions>,
): Promise<void> {
  const { now } = options;
  const alerts = await trx
    .selectFrom('captures as c')
    // Left: a lead whose captures have no alert (no adapter enabled) still gets its line.
    .leftJoin('jobs as j', (join) =>
      join
        .onRef('j.capture_id', '=', 'c.id')
        .on('j.kind', '=', 'delivery')
        .on('j.adapter', 'not in', ALERT_ONLY_ADAPTERS),
    )
    .distinctOn(['c.lead_id', 'j.adapter'])
    .select(['c.lead_id', 'c.id', 'j.adapter'])
    .where('c.conversation_id', '=', conversation.id)
    .orderBy('c.lead_id')
    .orderBy('j.adapter')
    .orderBy('c.received_at')
    .orderBy('c.id')
    .execute();
  const waitsForReport =
    options.platformReports &&
    conversation.source === 'widget' &&
    conversation.channel === 'call' &&
    !conversation.demo;
  const runAt = new Date(now.getTime() + (waitsForReport ? PLATFORM_REPORT_WAIT_MS : 0));
  await enqueue(
    trx,
    alerts.flatMap((a) =>
      a.adapter === null
        ? []
        : [conversationUpdateJob(conversation.id, a.lead_id, a.id, a.adapter, runAt)],
    ),
    { now },
  );
  const leads = [...new Set(alerts.map((a) => a.lead_id))];
  await appendLeadEvents(
    trx,
    leads.map((leadId) => ({
      leadId,
      kind: 'conversation' as const,
      at: now,
      conversationId: conversation.id,
      detail: {
        source: conversation.source,
        channel: conversation.channel,
        durationSeconds: conversation.durationSeconds,
      },
    })),
  );
}

/**
 * Stores a finished conversation (docs/desk.md#ingest). The platform's report wins: a widget
 * transcript never replaces it, while a later platform report replaces a widget transcript. A
 * widget transcript replaces an earlier widget one unless it has fewer lines; a report without
 * a transcript (a conversation that produced no capture) is one with no lines. It is counted in
 * the numbers once, where its listing, page, source and agent say (numbers-rollup.ts). The
 * first storing enqueues the updates that follow the alerts of its captures; the platform's
 * report makes any still waiting for it due at once. Returns whether the stored record changed.
 */
export async function storeConversation(
  db: Kysely<DeskDatabase>,
  conversation: IncomingConversation,
  timeZone: string,
  options: StoreConversationOptions = {},
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
      await followAlerts(trx, conversation, {
        now: options.now ?? new Date(),
        platformReports: options.platformReports ?? true,
      });
    }
    if (conversation.source === 'platform') {
      await startWaitingJobs(
        trx,
        trx.selectFrom('captures').select('id').where('conversation_id', '=', conversation.id),
      );
    }
    await countConversation(trx, conversation.id, timeZone);
    return true;
  });
}
