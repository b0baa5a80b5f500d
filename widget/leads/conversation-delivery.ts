import { type ListingContext, pageUrlVariable } from './page/listing-context.ts';
import type { VisitSource } from './rules/visit-source.ts';

/** Who said a transcript line: the assistant, the visitor, or a scripted demo visitor. */
export type TranscriptRole = 'assistant' | 'user' | 'sample-visitor';

/** One line of the transcript the widget delivers. */
export interface TranscriptMessage {
  readonly role: TranscriptRole;
  readonly text: string;
  /** When the line started, in seconds from the start of the conversation. */
  readonly secondsFromStart?: number;
}

/**
 * A finished conversation's report, POSTed to `lead-endpoint` through the same queue as the
 * captures (docs/behaviour.md#leads), with its own idempotency key: sent for every conversation
 * the visitor agreed to the disclosure for, so the desk counts it; its transcript (`messages`)
 * only when the conversation produced a capture the widget posted.
 */
export interface ConversationDelivery {
  readonly kind: 'conversation';
  readonly idempotencyKey: string;
  /** The call or chat id the captures carry, so the server attaches the transcript to them. */
  readonly conversationId: string;
  readonly channel: 'call' | 'chat';
  readonly messages: readonly TranscriptMessage[];
  /** ISO 8601. */
  readonly startedAt: string;
  readonly endedAt: string;
  readonly durationSeconds: number | null;
  readonly pageUrl: string | null;
  /** The listing the conversation was about, as its captures name it. */
  readonly listing?: ListingContext;
  /** Where the visitor came from. */
  readonly visitSource?: VisitSource;
  /** Present on the offline demo's transcripts, as on its captures. */
  readonly demo?: true;
}

/** A transcript line as the conversation view keeps it (`transcript-merge.ts`). */
export interface SpokenLine {
  /** `sample-visitor`: the offline demo's scripted visitor line, not the visitor's words. */
  readonly role: 'assistant' | 'user' | 'sample-visitor';
  readonly text: string;
  /** When the line started (ms since the epoch). */
  readonly at: number;
}

/** What {@link conversationDelivery} is built from. */
export interface ConversationFacts {
  idempotencyKey: string;
  conversationId: string;
  channel: 'call' | 'chat';
  lines: readonly SpokenLine[];
  /** When the conversation started and ended (ms since the epoch). */
  startedAt: number;
  endedAt: number;
  durationMs: number | null;
  pageHref: string | undefined;
  listing?: ListingContext;
  visitSource?: VisitSource;
  demo?: boolean;
}

/** The body to deliver (pure): the non-empty lines in order, timed from the start. */
export function conversationDelivery(facts: ConversationFacts): ConversationDelivery {
  const messages = facts.lines
    .filter((line) => line.text.trim() !== '')
    .map((line) => ({
      role: line.role,
      text: line.text.trim(),
      secondsFromStart: Math.max(0, Math.round((line.at - facts.startedAt) / 100) / 10),
    }));
  return {
    kind: 'conversation',
    idempotencyKey: facts.idempotencyKey,
    conversationId: facts.conversationId,
    channel: facts.channel,
    messages,
    startedAt: new Date(facts.startedAt).toISOString(),
    endedAt: new Date(facts.endedAt).toISOString(),
    durationSeconds: facts.durationMs === null ? null : Math.round(facts.durationMs / 1000),
    pageUrl: (facts.pageHref && pageUrlVariable(facts.pageHref)) ?? null,
    ...(facts.listing && { listing: facts.listing }),
    ...(facts.visitSource && { visitSource: facts.visitSource }),
    ...(facts.demo === true && { demo: true as const }),
  };
}
