import {
  type ConversationDelivery,
  conversationDelivery,
  type SpokenLine,
} from './conversation-delivery.ts';
import type { ListingContext } from './page/listing-context.ts';
import type { VisitSource } from './rules/visit-source.ts';

/**
 * A typed chat's transcript as the chat keeps it (docs/behaviour.md#leads). A chat has no end
 * event of its own: it "ends" when the visitor closes it, and whenever the page is hidden.
 */
export interface ChatTranscriptSource {
  /** The typed lines that reached the assistant, and its replies, in order. */
  lines(): readonly SpokenLine[];
  /** Calls `listener` when the visitor closes the chat; returns an unsubscribe. */
  onEnd(listener: () => void): () => void;
}

/** What a chat's transcript is delivered with; the side effects are given. */
export interface ChatTranscriptOptions {
  /** The page's window: its `pagehide` and hidden `visibilitychange` end the chat too. */
  view: Window | null;
  /** Hands one transcript to the delivery queue of `endpoint` (with the agreement). */
  deliver(endpoint: string, body: ConversationDelivery): void;
  pageHref(): string | undefined;
  demo: boolean;
  listing?: ListingContext;
  visitSource?: () => VisitSource;
  /**
   * Where a chat without a capture is reported (its id and endpoint), or null when the visitor
   * did not agree to the disclosure: the desk counts every consented conversation.
   */
  report?: () => Captured | null;
  now?: () => number;
  newKey?: () => string;
}

/** Who the chat's first capture posted to `lead-endpoint` named, and where it went. */
export interface Captured {
  conversationId: string;
  endpoint: string;
}

/**
 * Sends a typed chat's transcript when the chat ends, under the call's rules: only after a
 * capture of this chat was posted to `lead-endpoint` with the visitor's agreement to the
 * disclosure, never without it. Each end sends what exists then, when it has lines the last
 * delivery did not: a later one carries the whole chat again under a new idempotency key, and
 * the desk keeps the longer widget transcript (docs/desk.md#ingest).
 */
export class ChatTranscript {
  readonly #source: ChatTranscriptSource;
  readonly #options: ChatTranscriptOptions;
  #captured: Captured | null = null;
  /** How many lines the last delivery carried. */
  #sent = 0;
  /** A report without its transcript went (a chat without a capture). */
  #reported = false;

  constructor(source: ChatTranscriptSource, options: ChatTranscriptOptions) {
    this.#source = source;
    this.#options = options;
    source.onEnd(this.flush);
    const view = options.view;
    view?.addEventListener('pagehide', this.flush);
    view?.document.addEventListener('visibilitychange', () => {
      if (view.document.visibilityState === 'hidden') {
        this.flush();
      }
    });
  }

  /**
   * A capture of this chat was posted to `endpoint`; `agreed`: it carried the visitor's agreement.
   * The transcript goes under the first such capture's conversation id, so later deliveries
   * replace it on the desk.
   */
  captured(conversationId: string | null, endpoint: string, agreed: boolean): void {
    if (agreed && conversationId !== null && this.#captured === null) {
      this.#captured = { conversationId, endpoint };
    }
  }

  /** The chat ended (closed, or the page hidden): delivers its lines if any are new. */
  readonly flush = (): void => {
    const lines = this.#source.lines().filter((line) => line.text.trim() !== '');
    // Without a capture, a chat that said anything is reported once, without its words.
    const reported = this.#captured === null && !this.#reported && lines.length > 0;
    const to = this.#captured ?? (reported ? (this.#options.report?.() ?? null) : null);
    if (to === null || (!reported && lines.length <= this.#sent)) {
      return;
    }
    if (reported) {
      this.#reported = true;
    } else {
      this.#sent = lines.length;
    }
    const now = this.#options.now?.() ?? Date.now();
    const body = conversationDelivery({
      idempotencyKey: this.#options.newKey?.() ?? crypto.randomUUID(),
      conversationId: to.conversationId,
      channel: 'chat',
      lines: reported ? [] : lines,
      startedAt: lines[0]?.at ?? now,
      endedAt: now,
      durationMs: null,
      pageHref: this.#options.pageHref(),
      ...(this.#options.listing && { listing: this.#options.listing }),
      ...(this.#options.visitSource && { visitSource: this.#options.visitSource() }),
      demo: this.#options.demo,
    });
    this.#options.deliver(to.endpoint, body);
  };
}

const transcripts = new WeakMap<ChatTranscriptSource, ChatTranscript>();

/** The one {@link ChatTranscript} of `source` (a chat watched again after a call keeps it). */
export function chatTranscriptFor(
  source: ChatTranscriptSource,
  options: ChatTranscriptOptions,
): ChatTranscript {
  let transcript = transcripts.get(source);
  if (!transcript) {
    transcript = new ChatTranscript(source, options);
    transcripts.set(source, transcript);
  }
  return transcript;
}
