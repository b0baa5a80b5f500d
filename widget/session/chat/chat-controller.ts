import type { ConsentRecord } from '../../leads/watch/consent-record.ts';
import type { CallSnapshot } from '../call-controller.ts';
import type { ConsentAnswer, ConsentPurpose } from '../consent-gate.ts';
import { Listeners } from '../listeners.ts';
import {
  appendEntry,
  type ChatState,
  type ChatThread,
  EMPTY_CHAT,
  entryById,
  setStatus,
  setWaiting,
  type TranscriptEntry,
} from './chat-state.ts';
import type { TypedReplies, TypedReplyDeps } from './delivery/chat-delivery.ts';
import type { ReplyLine } from './delivery/chat-reply-state.ts';
import { loadChatDelivery } from './load-chat-delivery.ts';

/** What the chat box renders. Immutable: a new object per change. */
export interface ChatSnapshot {
  /** The text box is shown (it stays open across Stop and a new Talk). */
  open: boolean;
  chat: ChatState;
  /** The last call failed for want of a microphone: `Type instead` is offered prominently. */
  microphoneUnavailable: boolean;
}

/** What the chat controller works with; injected so it is tested without a DOM of its own. */
export interface ChatControllerDeps extends TypedReplyDeps {
  /** The call controller: is a call up, the `add-message` that reaches it, and its failures. */
  calls: {
    getSnapshot(): CallSnapshot;
    addMessage(text: string): void;
    /** Calls back with the code of each call failure; returns the unsubscribe. */
    onFailure(listener: (code: string) => void): () => void;
  };
  consent: { request(purpose: ConsentPurpose): ConsentRecord | null | Promise<ConsentAnswer> };
}

const MICROPHONE_CODES = new Set([
  'microphone-denied',
  'microphone-not-found',
  'microphone-in-use',
]);

/**
 * Typed conversation (docs/behaviour.md#chat). During a call a typed line goes to the assistant
 * as `add-message`; without one it goes through POST /chat/web (or the offline demo's intent
 * matching), carrying the conversation from one message to the next. Voice transcripts heard on
 * the host join the same entries, so one log shows both. Lives as long as the element: a Stop
 * and a new Talk keep it, a reload does not.
 */
export class ChatController {
  readonly #deps: ChatControllerDeps;
  readonly #changes = new Listeners();
  #snapshot: ChatSnapshot = { open: false, chat: EMPTY_CHAT, microphoneUnavailable: false };
  #focusRequested = false;
  #delivery: Promise<void> = Promise.resolve();
  /** The replies to typed lines outside a call: loaded with the first one. */
  #replies: TypedReplies | null = null;

  constructor(deps: ChatControllerDeps) {
    this.#deps = deps;
    deps.calls.onFailure((code) => {
      if (MICROPHONE_CODES.has(code)) {
        this.#update({ microphoneUnavailable: true });
      }
    });
  }

  readonly subscribe = this.#changes.subscribe;

  readonly getSnapshot = (): ChatSnapshot => this.#snapshot;

  /** Shows the text box, and asks it to take keyboard focus. */
  open(): void {
    this.#focusRequested = true;
    this.#update({ open: true });
  }

  /**
   * Hides the text box; the conversation stays. The typed chat ends here: its transcript may
   * follow its capture to `lead-endpoint` (docs/behaviour.md#leads).
   */
  close(): void {
    this.#update({ open: false });
    this.#replies?.tools.chat.end();
  }

  /**
   * Whether a typed conversation is under way: the box is open and holds lines (Close ends it).
   * A page left now keeps it for the next one (docs/behaviour.md#resume).
   */
  live(): boolean {
    return this.#snapshot.open && this.#snapshot.chat.entries.length > 0;
  }

  /**
   * Carries on a typed chat the last page of the tab left: its lines shown again (when they were
   * kept) and the next line continuing its `thread`. The box opens without taking focus: the
   * visitor is reading the new page.
   */
  resume(
    thread: ChatThread,
    lines: readonly Pick<TranscriptEntry, 'role' | 'text' | 'at'>[],
  ): void {
    let chat: ChatState = { ...this.#snapshot.chat, thread };
    for (const { role, text, at } of lines) {
      [chat] = appendEntry(chat, { role, text, at, typed: true });
    }
    this.#update({ open: true, chat });
  }

  /** True once after `open()`: the box focuses its field then. */
  takeFocusRequest(): boolean {
    const requested = this.#focusRequested;
    this.#focusRequested = false;
    return requested;
  }

  /** Resolves when the line in flight (if any) has its answer or has failed. For tests. */
  settled(): Promise<void> {
    return this.#delivery;
  }

  /**
   * Sends a typed line. Resolves true once the line is in the log (the box may clear; the
   * reply follows), false when nothing was sent: empty text, a reply still pending, or
   * `Not now` to the disclosure.
   */
  async send(raw: string): Promise<boolean> {
    const text = raw.trim();
    if (text === '' || this.#snapshot.chat.waiting) {
      return false;
    }
    const consent = this.#inCall() ? null : await this.#deps.consent.request('chat');
    if (consent === false) {
      return false;
    }
    const [chat, id] = appendEntry(this.#snapshot.chat, {
      role: 'user',
      text,
      typed: true,
      status: 'sending',
      at: Date.now(),
    });
    this.#update({ chat });
    this.#delivery = this.#deliver(id, consent);
    return true;
  }

  /** Sends a failed line again, with the same text. */
  async retry(id: number): Promise<void> {
    const entry = entryById(this.#snapshot.chat, id);
    if (entry?.status !== 'failed' || this.#snapshot.chat.waiting) {
      return;
    }
    const consent = this.#inCall() ? null : await this.#deps.consent.request('chat');
    if (consent === false) {
      return;
    }
    this.#update({ chat: setStatus(this.#snapshot.chat, id, 'sending') });
    this.#delivery = this.#deliver(id, consent);
    await this.#delivery;
  }

  #inCall(): boolean {
    return this.#deps.calls.getSnapshot().state === 'active';
  }

  async #deliver(id: number, consent: ConsentRecord | null): Promise<void> {
    const text = entryById(this.#snapshot.chat, id)?.text ?? '';
    if (this.#inCall()) {
      try {
        this.#deps.calls.addMessage(text);
        this.#update({ chat: setStatus(this.#snapshot.chat, id, 'sent') });
      } catch {
        this.#update({ chat: setStatus(this.#snapshot.chat, id, 'failed') });
      }
      return;
    }
    // The typing indicator shows at once (and holds further lines); the replies load with the
    // first line, so the call path never carries them, and bring the pure changes a reply makes
    // to the chat state, which this controller alone applies. On failure the partial reply goes
    // and the typed line is offered for retry.
    this.#setChat(setWaiting(this.#snapshot.chat, true));
    let line: ReplyLine | undefined;
    try {
      const lazy = await loadChatDelivery();
      this.#replies ??= new lazy.TypedReplies(this.#deps);
      const replies = this.#replies;
      const shown = new lazy.ReplyLine();
      line = shown;
      const at = entryById(this.#snapshot.chat, id)?.at ?? Date.now();
      const reply = await replies.reply({ id, text, at }, consent, {
        thread: () => this.#snapshot.chat.thread,
        partial: (partial) => this.#setChat(shown.show(this.#snapshot.chat, partial, true)),
        continued: (response) => this.#setChat(lazy.continueThread(this.#snapshot.chat, response)),
      });
      const chat = setWaiting(setStatus(this.#snapshot.chat, id, 'sent'), false);
      this.#setChat(shown.show(chat, reply, false));
      replies.answered(shown.entry(this.#snapshot.chat));
    } catch {
      const chat = setWaiting(setStatus(this.#snapshot.chat, id, 'failed'), false);
      this.#setChat(line ? line.drop(chat) : chat);
    }
  }

  #setChat(chat: ChatState): void {
    this.#update({ chat });
  }

  #update(change: Partial<ChatSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change };
    this.#changes.notify();
  }
}
