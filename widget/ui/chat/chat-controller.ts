import type { WebChatBody } from '../../api/supplement.ts';
import type { WidgetConfig } from '../../element/attributes.ts';
import type { Language } from '../../element/i18n/languages.ts';
import type { ListingVariables } from '../../leads/listing-context.ts';
import type { ConsentAnswer, ConsentPurpose } from '../consent/consent-gate.ts';
import type { ConsentRecord } from '../consent/consent-record.ts';
import type { ToolCallChannel } from '../lead-capture.ts';
import { visitorOverrides } from '../visitor-overrides.ts';
import type { SessionSnapshot } from '../widget-session.ts';
import {
  appendEntry,
  type ChatState,
  continueThread,
  EMPTY_CHAT,
  entryById,
  removeEntry,
  setStatus,
  setWaiting,
  updateEntry,
} from './chat-state.ts';
import { ChatToolChannel, toolCallsIn } from './chat-tools.ts';
import type { DemoChat } from './lazy-chat.ts';
import { replyText } from './reply-text.ts';
import type { WebChatSender } from './web-chat.ts';

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
    watchChat(channel: ToolCallChannel): Promise<ListingVariables>;
  };
  config(): WidgetConfig;
  consent: { request(purpose: ConsentPurpose): ConsentRecord | null | Promise<ConsentAnswer> };
  language(): Language;
  /** POST /chat/web for the current attributes (the API client loads at the first send). */
  webChat(config: WidgetConfig): Promise<WebChatSender>;
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
const DEMO_TYPING_MS = 600;
/** Rounds of tool calls and results one typed message may go through on the platform. */
const MAX_TOOL_ROUNDS = 3;

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
  #demo: { chat: DemoChat; state: ReturnType<DemoChat['start']> } | null = null;
  #focusRequested = false;
  #delivery: Promise<void> = Promise.resolve();
  /** Where the lead tool calls of typed chat go, and their results come back. */
  readonly #tools = new ChatToolChannel();

  constructor(deps: ChatControllerDeps) {
    this.#deps = deps;
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

  /** Hides the text box; the conversation stays. */
  close(): void {
    this.#update({ open: false });
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
    this.#update({ chat: setWaiting(this.#snapshot.chat, true) });
    const config = this.#deps.config();
    // A streamed reply grows in one partial line, which becomes final (or goes, on failure).
    const line = { id: null as number | null };
    const show = (chat: ChatState, reply: string, partial: boolean): ChatState => {
      if (line.id === null) {
        if (reply === '') {
          return chat;
        }
        const [next, added] = appendEntry(chat, {
          role: 'assistant',
          text: reply,
          typed: true,
          ...(partial && { partial }),
          at: Date.now(),
        });
        line.id = added;
        return next;
      }
      return reply === ''
        ? removeEntry(chat, line.id)
        : updateEntry(chat, line.id, { text: reply, partial });
    };
    try {
      const variables = await this.#deps.session.watchChat(this.#tools);
      const reply = config.demo
        ? await this.#demoReply(text)
        : await this.#platformReply(text, config, { consent, variables }, (partial) =>
            this.#update({ chat: show(this.#snapshot.chat, partial, true) }),
          );
      const chat = setWaiting(setStatus(this.#snapshot.chat, id, 'sent'), false);
      this.#update({ chat: show(chat, reply, false) });
    } catch {
      let chat = setWaiting(setStatus(this.#snapshot.chat, id, 'failed'), false);
      if (line.id !== null) {
        chat = removeEntry(chat, line.id);
      }
      this.#update({ chat });
    }
  }

  async #demoReply(text: string): Promise<string> {
    const [chat] = await Promise.all([this.#deps.loadDemoChat(), this.#deps.delay(DEMO_TYPING_MS)]);
    const demo = this.#demo ?? { chat, state: chat.start() };
    this.#tools.id ??= `demo-chat-${Date.now().toString(36)}`;
    const answer = chat.reply(text, demo.state);
    let { reply, state } = answer;
    // The demo books through the page's lead tools, as its voice script does.
    if (answer.toolCalls) {
      const results = await this.#tools.run(answer.toolCalls);
      const after = chat.afterTools(
        results.map((result) => result.content),
        state,
      );
      reply = [reply, after.reply].filter((line) => line !== '').join(' ');
      state = after.state;
    }
    this.#demo = { chat, state };
    return reply;
  }

  /**
   * The platform's reply to `text`. A reply that calls the lead tools gets their results back as
   * `tool` messages in the next message's `input` (the document's `ToolMessage`), and the
   * assistant's answer to them joins the reply.
   */
  async #platformReply(
    text: string,
    config: WidgetConfig,
    visitor: { consent: ConsentRecord | null; variables: ListingVariables },
    onText: (text: string) => void,
  ): Promise<string> {
    const own = config.assistantOverrides;
    const overrides = visitorOverrides(
      { ...own, variableValues: { ...visitor.variables, ...(own?.variableValues as object) } },
      { language: this.#deps.language(), consent: visitor.consent },
    ) as WebChatBody['assistantOverrides'];
    const target = config.target;
    const send = await this.#deps.webChat(config);
    const said: string[] = [];
    const joined = (last: string): string => [...said, last].filter((t) => t !== '').join('\n\n');
    let input: WebChatBody['input'] = text;
    for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
      const body: WebChatBody = {
        ...(target?.kind === 'squad' ? { squadId: target.id } : { assistantId: target?.id }),
        ...(this.#snapshot.chat.thread ?? {}),
        input,
        stream: true,
        assistantOverrides: overrides,
      };
      const response = await send(body, (partial) => onText(joined(replyText(partial))));
      this.#update({ chat: continueThread(this.#snapshot.chat, response) });
      said.push(replyText(response));
      const calls = toolCallsIn(response);
      this.#tools.id = response.sessionId ?? response.id;
      const results = calls ? await this.#tools.run(calls) : [];
      if (results.length === 0) {
        break;
      }
      input = results.map((result) => ({
        role: 'tool' as const,
        tool_call_id: result.toolCallId,
        content: result.content,
      }));
    }
    return joined('');
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
