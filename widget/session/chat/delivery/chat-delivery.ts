import type { DemoHost } from '../../../demo/host-names.ts';
import type { WidgetConfig } from '../../../element/attributes.ts';
import type { Language } from '../../../element/i18n/languages.ts';
import type { ListingVariables } from '../../../leads/page/listing-context.ts';
import type { ConsentRecord } from '../../../leads/watch/consent-record.ts';
import type { ToolCallChannel } from '../../../leads/watch/tool-call-channel.ts';
import type { DemoChat } from '../../load-demo-call.ts';
import type { ChatThread, TranscriptEntry } from '../chat-state.ts';
import type { WebChat } from '../load-web-chat.ts';
import { ChatToolChannel } from './chat-channel.ts';
import { type ChatToolCalls, runTools } from './chat-tools.ts';

/** Waits before a demo reply, so the typing indicator is seen as it is with a real one. */
const DEMO_TYPING_MS = 600;

export { continueThread, ReplyLine } from './chat-reply-state.ts';

/** What typed replies are fetched with: the controller's read-only services. */
export interface TypedReplyDeps {
  config(): WidgetConfig;
  /** The lead wiring (widget-app.ts) watches the chat's tool calls and gives the page's listing variables. */
  leads: {
    watchChat(channel: ToolCallChannel, consent: ConsentRecord | null): Promise<ListingVariables>;
  };
  language(): Language;
  /** POST /chat/web for the current attributes (the API client loads at the first send). */
  webChat(config: WidgetConfig): Promise<WebChat>;
  /** The offline demo's typed answers (loaded in demo mode only). */
  loadDemoChat(): Promise<DemoChat>;
  /** Waits `ms` (the demo's typing pause); a timer unless a test brings its own clock. */
  delay?(ms: number): Promise<void>;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What one reply reports while it is under way; the chat controller applies each to its state. */
export interface ReplyEvents {
  /** How the conversation continues: sent with the line. */
  thread(): ChatThread;
  /** A streamed reply has grown to `text`. */
  partial(text: string): void;
  /** The platform answered: the conversation continues from this response. */
  continued(response: { id: string; sessionId?: string }): void;
}

/** One typed line and when it was typed. */
export interface TypedLine {
  id: number;
  text: string;
  at: number;
}

/**
 * The replies to typed lines outside a call (docs/behaviour.md#chat), loaded with the first one:
 * through POST /chat/web, or the offline demo's intent matching. It keeps what lives from one
 * line to the next besides the chat state (which the controller alone writes): the chat's
 * tool-call channel, whose lead tool calls go to the lead wiring (docs/behaviour.md#leads), and
 * the demo's conversation.
 */
export class TypedReplies {
  /** The chat as a tool-call channel, with its transcript. */
  readonly tools = new ChatToolChannel();
  readonly #deps: TypedReplyDeps;
  #demo: { chat: DemoChat; state: ReturnType<DemoChat['start']> } | null = null;

  constructor(deps: TypedReplyDeps) {
    this.#deps = deps;
  }

  /** The reply to `line`; on failure the line leaves the chat's transcript and this rejects. */
  async reply(
    line: TypedLine,
    consent: ConsentRecord | null,
    events: ReplyEvents,
  ): Promise<string> {
    const { tools } = this;
    const config = this.#deps.config();
    tools.chat.record(line.id, { role: 'user', text: line.text, at: line.at });
    try {
      const variables = await this.#deps.leads.watchChat(tools, consent);
      return config.demo
        ? await this.#demoReply(line.text, {
            ...(config.assistantName !== null && { assistantName: config.assistantName }),
            language: this.#deps.language(),
            ...(typeof config.assistantOverrides?.firstMessage === 'string' && {
              greeting: config.assistantOverrides.firstMessage,
            }),
            ...(variables.listing_address !== undefined && { address: variables.listing_address }),
            ...(variables.listing_price !== undefined && { price: variables.listing_price }),
            ...(variables.agent_name !== undefined && { agent: variables.agent_name }),
          })
        : await this.#platformReply(config, line.text, consent, variables, events);
    } catch (error) {
      tools.chat.drop(line.id);
      throw error;
    }
  }

  /** The reply's line as shown, into the chat's transcript. */
  answered(entry: TranscriptEntry | undefined): void {
    if (entry) {
      this.tools.chat.record(entry.id, { role: 'assistant', text: entry.text, at: entry.at });
    }
  }

  async #demoReply(text: string, host: DemoHost): Promise<string> {
    const deps = this.#deps;
    const [chat] = await Promise.all([deps.loadDemoChat(), (deps.delay ?? wait)(DEMO_TYPING_MS)]);
    const demo = this.#demo ?? { chat, state: chat.start(host) };
    const { tools } = this;
    tools.id ??= `demo-chat-${Date.now().toString(36)}`;
    // The demo books through the page's lead tools, as its voice script does.
    const { reply, state } = await chat.turn(text, demo.state, (calls) =>
      runTools(tools, calls).then((results) => results.map((result) => result.content)),
    );
    this.#demo = { chat, state };
    return reply;
  }

  async #platformReply(
    config: WidgetConfig,
    text: string,
    consent: ConsentRecord | null,
    variables: ListingVariables,
    events: ReplyEvents,
  ): Promise<string> {
    const { tools } = this;
    const send = await this.#deps.webChat(config);
    return send({
      text,
      consent,
      variables,
      config,
      language: this.#deps.language(),
      thread: events.thread,
      onText: events.partial,
      onReply: (response) => {
        tools.id = response.sessionId ?? response.id;
        events.continued(response);
      },
      runTools: (calls: ChatToolCalls) => runTools(tools, calls),
    });
  }
}
