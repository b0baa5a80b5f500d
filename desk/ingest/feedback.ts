import type { Kysely } from 'kysely';
import { cleanText } from '../../widget/leads/page/clean-text.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { instant, isRecord, optionalId, pageUrl } from './capture-body.ts';
import { IngestError } from './ingest-error.ts';

/** The visitor's answer to "How was this conversation?", as the widget posts it (kind 'feedback'). */
export interface IncomingFeedback {
  idempotencyKey: string;
  conversationId: string | null;
  channel: 'call' | 'chat' | null;
  rating: number;
  comment: string | null;
  givenAt: string;
  pageUrl: string | null;
  demo: boolean;
}

const KEY = /^[A-Za-z0-9._:-]{1,128}$/;
const COMMENT_MAX = 500;

/** Checks a `kind: 'feedback'` body (pure); throws {@link IngestError} naming the bad field. */
export function parseFeedbackBody(body: Record<string, unknown>): IncomingFeedback {
  if (typeof body.idempotencyKey !== 'string' || !KEY.test(body.idempotencyKey)) {
    throw IngestError.field('idempotencyKey', 'must be 1-128 letters, digits, or . _ : -');
  }
  const rating = body.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw IngestError.field('rating', 'must be a whole number from 1 to 5');
  }
  return {
    idempotencyKey: body.idempotencyKey,
    conversationId: optionalId(body.conversationId, 'conversationId'),
    channel: body.channel === 'call' || body.channel === 'chat' ? body.channel : null,
    rating,
    comment: cleanText(body.comment, COMMENT_MAX),
    givenAt: instant(body.givenAt, 'givenAt'),
    pageUrl: pageUrl(body.pageUrl, 'pageUrl'),
    demo: body.demo === true,
  };
}

/** True for a body the widget sent as feedback. */
export function isFeedbackBody(body: unknown): body is Record<string, unknown> {
  return isRecord(body) && body.kind === 'feedback';
}

/** Stores one answer; a second arrival of its idempotency key changes nothing. */
export async function storeFeedback(
  db: Kysely<DeskDatabase>,
  feedback: IncomingFeedback,
): Promise<boolean> {
  const result = await db
    .insertInto('conversation_feedback')
    .values({
      idempotency_key: feedback.idempotencyKey,
      conversation_id: feedback.conversationId,
      channel: feedback.channel,
      rating: feedback.rating,
      comment: feedback.comment,
      given_at: feedback.givenAt,
      page_url: feedback.pageUrl,
      demo: feedback.demo,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
