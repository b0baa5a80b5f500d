import type { SpokenLine } from '../conversation-delivery.ts';
import type { LeadHandler } from '../lead-handler.ts';
import { PENDING_STORAGE_KEY } from '../page/page-constants.ts';
import type { PageListing } from '../page/page-listing.ts';
import { pageStorage } from '../page/page-storage.ts';
import type { LeadPort } from './lead-port.ts';
import { loadLeadHandler } from './load-lead-handler.ts';
import type { ToolCallChannel } from './tool-call-channel.ts';

/** One watched conversation: its tool-call handling (once loaded) and when it began. */
interface Watched {
  handler: LeadHandler | null;
  channel: ToolCallChannel;
  listing: PageListing['listing'];
  turn: Promise<void>;
  startedAt: number;
}

/** How a conversation ended, for its transcript. */
export interface ConversationEnding {
  channel: 'call' | 'chat';
  lines: readonly SpokenLine[];
  durationMs: number | null;
}

/** What the call controller gives its tool-call watcher: the port, and the lazy half's loader. */
export interface ToolCallWatcherOptions extends LeadPort {
  /**
   * Loads the lazy half (`lead-handler.ts`); a dynamic import by default, injectable for tests.
   */
  loadHandler?: () => Promise<typeof import('../lead-handler.ts')>;
}

function isToolCalls(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'tool-calls'
  );
}

/** Whether an earlier page load left captures waiting on the device (storage may throw). */
function capturesWaiting(): boolean {
  try {
    return pageStorage()?.getItem(PENDING_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * The widget's side of lead capture (docs/behaviour.md#leads): it watches each conversation, about
 * the listing it is handed, for `capture_lead` and `request_viewing` tool calls. The handling
 * itself (`lead-handler.ts`) loads on the first `tool-calls` message, and the messages wait for
 * it in order, so no tool call is answered twice or out of turn.
 */
export class ToolCallWatcher {
  readonly #options: ToolCallWatcherOptions;
  readonly #load: () => Promise<typeof import('../lead-handler.ts')>;
  #detach: (() => void) | null = null;
  #watched: Watched | null = null;

  constructor(options: ToolCallWatcherOptions) {
    this.#options = options;
    this.#load = options.loadHandler ?? loadLeadHandler;
    const endpoint = options.config().leadEndpoint;
    if (endpoint !== null && capturesWaiting()) {
      this.#load()
        .then((lazy) => lazy.resumeLeadDelivery(endpoint))
        .catch(() => undefined);
    }
  }

  /** Answers the lead tool calls arriving on `channel` about `listing`, until the next watch. */
  watch(channel: ToolCallChannel, listing: PageListing['listing']): void {
    this.#detach?.();
    const watched: Watched = {
      handler: null,
      channel,
      listing,
      turn: Promise.resolve(),
      startedAt: Date.now(),
    };
    this.#watched = watched;
    const unsubscribe = channel.subscribe((message) => {
      if (isToolCalls(message)) {
        watched.turn = this.#then(watched, (handler) => handler.handle(message));
      }
    });
    // A typed chat that said anything is reported when it ends, with the agreement, even
    // without a tool call: the lazy half loads then.
    const chat = channel.chat;
    const unlisten = chat?.onEnd(() => {
      if (!watched.handler && chat.lines().length > 0 && this.#options.consent?.() != null) {
        this.#then(watched, (handler) => handler.chatEnded());
      }
    });
    this.#detach = () => {
      unsubscribe();
      unlisten?.();
    };
  }

  /** Runs `use` with the conversation's handler (loaded the first time) after its turn. */
  #then(watched: Watched, use: (handler: LeadHandler) => unknown): Promise<void> {
    return watched.turn
      .then(async () => {
        watched.handler ??= new (await this.#load()).LeadHandler(
          this.#options,
          watched.channel,
          watched.listing,
        );
        await use(watched.handler);
      })
      .catch(() => undefined);
  }

  /**
   * The watched conversation ended: once its tool calls are answered, its transcript goes to
   * `lead-endpoint` when it produced a capture there and the visitor agreed to the disclosure,
   * and a conversation that said anything asks for feedback (`LeadHandler.conversationEnded`).
   * The lazy half loads then, after the conversation, when it had no tool calls.
   */
  conversationEnded(ending: ConversationEnding): void {
    const watched = this.#watched;
    this.#watched = null;
    if (watched && (watched.handler || ending.lines.length > 0)) {
      const { startedAt } = watched;
      this.#then(watched, (handler) => handler.conversationEnded({ ...ending, startedAt }));
    }
  }
}
