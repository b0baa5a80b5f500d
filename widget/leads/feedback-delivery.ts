/*
 * Post-conversation feedback (issue 29 §4, docs/behaviour.md#leads): what the visitor answered to
 * "How was this conversation?", as it goes to `lead-endpoint` with the conversation and, the
 * rating alone, to the funnel. Pure but for the `dataLayer` push.
 */

/** The visitor's answer: 1 to 5, and a comment when they wrote one. */
export interface FeedbackAnswer {
  readonly rating: 1 | 2 | 3 | 4 | 5;
  readonly comment?: string;
}

/** The body POSTed to `lead-endpoint`: the answer, attached to its conversation. */
export interface FeedbackDelivery {
  readonly kind: 'feedback';
  readonly idempotencyKey: string;
  /** The call or chat id; `null` when the platform gave none. */
  readonly conversationId: string | null;
  readonly channel: 'call' | 'chat';
  readonly rating: FeedbackAnswer['rating'];
  readonly comment: string | null;
  /** When the visitor sent it (ISO 8601). */
  readonly givenAt: string;
  readonly pageUrl: string | null;
  readonly demo?: true;
}

/** The funnel's event: the rating only, never the comment. */
export interface FeedbackAnalyticsEvent {
  readonly event: 'voice_assistant_feedback';
  readonly rating: number;
}

/** Builds the delivery of one answer. */
export function feedbackDelivery(
  answer: FeedbackAnswer,
  facts: Omit<FeedbackDelivery, 'kind' | 'rating' | 'comment'>,
): FeedbackDelivery {
  return { kind: 'feedback', ...facts, rating: answer.rating, comment: answer.comment ?? null };
}

/** Pushes `voice_assistant_feedback` with the rating to the page's `dataLayer`. */
export function pushFeedbackAnalytics(view: { dataLayer?: unknown }, rating: number): void {
  view.dataLayer ??= [];
  const layer = view.dataLayer as { push?: unknown } | null;
  if (typeof layer?.push === 'function') {
    const event: FeedbackAnalyticsEvent = { event: 'voice_assistant_feedback', rating };
    layer.push(event);
  }
}
