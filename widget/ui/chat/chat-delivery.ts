import type { DemoHost } from '../../demo/chat-replies.ts';
import type { WidgetConfig } from '../../element/attributes.ts';
import type { ConsentRecord } from '../consent/consent-record.ts';
import { ChatToolChannel } from './chat-channel.ts';
import type { ChatControllerDeps } from './chat-controller.ts';
import { continueThread, removeEntry, updateEntry } from './chat-reply-state.ts';
import { appendEntry, type ChatState, entryById, setStatus, setWaiting } from './chat-state.ts';
import { type ChatToolCalls, runTools } from './chat-tools.ts';
import type { DemoChat } from './lazy-chat.ts';

/** Waits before a demo reply, so the typing indicator is seen as it is with a real one. */
const DEMO_TYPING_MS = 600;

/** What a typed line's delivery works on: the controller's state, kept between lines. */
export interface ChatDelivery {
  readonly deps: ChatControllerDeps;
  chat(): ChatState;
  update(chat: ChatState): void;
  /** The chat's tool-call channel, made with the first line (the lead wiring watches it). */
  tools: ChatToolChannel | null;
  /** The offline demo's conversation so far. */
  demo: { chat: DemoChat; state: ReturnType<DemoChat['start']> } | null;
}

/**
 * Delivers typed line `id` outside a call (docs/behaviour.md#chat), loaded with the first one:
 * through POST /chat/web, or the offline demo's intent matching, with the typing indicator
 * (already on) while the reply is pending. A streamed reply grows in one partial line that
 * becomes final; on failure that line goes and the typed line is offered for retry. Lead tool
 * calls go to the lead wiring through the chat's channel (docs/behaviour.md#leads).
 */
export async function deliverTyped(
  d: ChatDelivery,
  id: number,
  text: string,
  consent: ConsentRecord | null,
): Promise<void> {
  d.tools ??= new ChatToolChannel();
  const tools = d.tools;
  const config = d.deps.config();
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
  const typed = entryById(d.chat(), id);
  tools.chat.record(id, { role: 'user', text, at: typed?.at ?? Date.now() });
  try {
    const variables = await d.deps.session.watchChat(tools, consent);
    const reply = config.demo
      ? await demoReply(d, tools, text, {
          ...(config.assistantName !== null && { assistantName: config.assistantName }),
          ...(variables.listing_address !== undefined && { address: variables.listing_address }),
          ...(variables.listing_price !== undefined && { price: variables.listing_price }),
          ...(variables.agent_name !== undefined && { agent: variables.agent_name }),
        })
      : await platformReply(d, tools, config, {
          text,
          consent,
          variables,
          onText: (partial) => d.update(show(d.chat(), partial, true)),
        });
    d.update(show(setWaiting(setStatus(d.chat(), id, 'sent'), false), reply, false));
    const answer = line.id === null ? undefined : entryById(d.chat(), line.id);
    if (answer) {
      tools.chat.record(answer.id, { role: 'assistant', text: answer.text, at: answer.at });
    }
  } catch {
    tools.chat.drop(id);
    const chat = setWaiting(setStatus(d.chat(), id, 'failed'), false);
    d.update(line.id === null ? chat : removeEntry(chat, line.id));
  }
}

async function demoReply(
  d: ChatDelivery,
  tools: ChatToolChannel,
  text: string,
  host: DemoHost,
): Promise<string> {
  const [chat] = await Promise.all([d.deps.loadDemoChat(), d.deps.delay(DEMO_TYPING_MS)]);
  const demo = d.demo ?? { chat, state: chat.start(host) };
  tools.id ??= `demo-chat-${Date.now().toString(36)}`;
  // The demo books through the page's lead tools, as its voice script does.
  const { reply, state } = await chat.turn(text, demo.state, (calls) =>
    runTools(tools, calls).then((results) => results.map((result) => result.content)),
  );
  d.demo = { chat, state };
  return reply;
}

function platformReply(
  d: ChatDelivery,
  tools: ChatToolChannel,
  config: WidgetConfig,
  turn: {
    text: string;
    consent: ConsentRecord | null;
    variables: Awaited<ReturnType<ChatControllerDeps['session']['watchChat']>>;
    onText(text: string): void;
  },
): Promise<string> {
  return d.deps.webChat(config).then((send) =>
    send({
      ...turn,
      config,
      language: d.deps.language(),
      thread: () => d.chat().thread,
      onReply: (response) => {
        tools.id = response.sessionId ?? response.id;
        d.update(continueThread(d.chat(), response));
      },
      runTools: (calls: ChatToolCalls) => runTools(tools, calls),
    }),
  );
}
