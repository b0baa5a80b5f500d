import type { WidgetConfig } from '../../element/attributes.ts';
import type { Language } from '../../element/i18n/languages.ts';
import type { ListingVariables } from '../../leads/listing-context.ts';
import type { ConsentAnswer, ConsentPurpose } from '../consent/consent-gate.ts';
import type { ConsentRecord } from '../consent/consent-record.ts';
import type { ToolCallChannel } from '../lead-capture.ts';
import type { SessionSnapshot } from '../widget-session.ts';
import type { ChatDelivery } from './chat-delivery.ts';
import {
  appendEntry,
  type ChatState,
  EMPTY_CHAT,
  entryById,
  setStatus,
  setWaiting,
} from './chat-state.ts';
import type { DemoChat, WebChat } from './lazy-chat.ts';

/** What the chat box renders. Immutable: a new object per change. */
export interface ChatSnapshot {
  /** The text box is shown (it stays open across Stop and a new Talk). */
  open: boolean;
  chat: ChatState;
  /** The last call failed for want of a microphone: `Type instead` is offered prominently. */
  microphoneUnavailable: boolean;
}

/** What the chat controller works with; injected so it is tested without a DOM of its own. */
export interface ChatControllerDeps {
  /** The `<voice-assistant>` element: transcripts and errors are heard on it. */
  host: HTMLElement;
  /**
   * The voice side: is a call up, the `add-message` that reaches it, and the lead wiring, which
   * watches the chat's tool calls too and gives the page's listing variables.
   */
  session: {
    getSnapshot(): SessionSnapshot;
    addMessage(text: string): void;
    watchChat(channel: ToolCallChannel, consent: ConsentRecord | null): Promise<ListingVariables>;
  };
  config(): WidgetConfig;
  consent: { request(purpose: ConsentPurpose): ConsentRecord | null | Promise<ConsentAnswer> };
  language(): Language;
  /** POST /chat/web for the current attributes (the API client loads at the first send). */
  webChat(config: WidgetConfig): Promise<WebChat>;
  /** The offline demo's typed answers (loaded in demo mode only). */
  loadDemoChat(): Promise<DemoChat>;
  /** Waits before a demo reply, so the typing indicator is seen as it is with a real one. */
  delay(ms: number): Promise<void>;
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
  readonly #listeners = new Set<() => void>();
  #snapshot: ChatSnapshot = { open: false, chat: EMPTY_CHAT, microphoneUnavailable: false };
  #focusRequested = false;
  #delivery: Promise<void> = Promise.resolve();
  /** What the lazy delivery of typed lines works on, kept from one line to the next. */
  readonly #typed: ChatDelivery;

  constructor(deps: ChatControllerDeps) {
    this.#deps = deps;
    this.#typed = {
      deps,
      chat: () => this.#snapshot.chat,
      update: (chat) => this.#update({ chat }),
      tools: null,
      demo: null,
    };
    deps.host.addEventListener('voice-assistant:error', this.#onError);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

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
    this.#typed.tools?.chat.end();
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

  /** Stops listening to the host (the element was removed). */
  dispose(): void {
    this.#deps.host.removeEventListener('voice-assistant:error', this.#onError);
  }

  #inCall(): boolean {
    return this.#deps.session.getSnapshot().state === 'active';
  }

  async #deliver(id: number, consent: ConsentRecord | null): Promise<void> {
    const text = entryById(this.#snapshot.chat, id)?.text ?? '';
    if (this.#inCall()) {
      try {
        this.#deps.session.addMessage(text);
        this.#update({ chat: setStatus(this.#snapshot.chat, id, 'sent') });
      } catch {
        this.#update({ chat: setStatus(this.#snapshot.chat, id, 'failed') });
      }
      return;
    }
    // The typing indicator shows at once (and holds further lines); the delivery loads with the
    // first line, so the call path never carries it.
    this.#update({ chat: setWaiting(this.#snapshot.chat, true) });
    try {
      const { deliverTyped } = await import('./chat-delivery.ts');
      await deliverTyped(this.#typed, id, text, consent);
    } catch {
      this.#update({ chat: setWaiting(setStatus(this.#snapshot.chat, id, 'failed'), false) });
    }
  }

  readonly #onError = (event: Event): void => {
    const code = (event as CustomEvent<{ code?: string }>).detail?.code ?? '';
    if (MICROPHONE_CODES.has(code)) {
      this.#update({ microphoneUnavailable: true });
    }
  };

  #update(change: Partial<ChatSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of this.#listeners) {
      listener();
    }
  }
}
