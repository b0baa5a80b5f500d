import { answer } from './chat-answers.ts';
import { type Intent, matchIntents, mentionedTime } from './chat-intents.ts';
import {
  askForContact,
  type Contact,
  canConfirm,
  leadToolCalls,
  readContact,
  toolCallsReply,
} from './chat-lead.ts';
import { type DemoHost, otherHome } from './host-names.ts';
import { LISTING, type Slot, SPOKEN_ANSWERS } from './listing-facts.ts';
import type { ToolCalls } from './server-messages.ts';

/**
 * The offline demo's typed answers (docs/behaviour.md#chat): simple intent matching over the
 * listing facts. Pure: the visitor's text and the conversation so far in, the reply and the
 * next state out. Anything it does not understand gets an honest "this is a demo" reply with
 * one question it can answer; it never puts words in the visitor's mouth.
 */

/** What the demo remembers between typed messages. */
export interface DemoChatState {
  /** The host page's names and listing; `{}` when it gave none (the demo's own listing). */
  readonly host: DemoHost;
  readonly booked: Slot | null;
  /** Topics already answered, so the fallback suggests something new. */
  readonly asked: readonly Intent[];
  /** What the visitor typed about themselves. */
  readonly contact: Contact;
  /** The slot whose viewing request and lead went to the page's lead tools. */
  readonly confirmed: Slot | null;
  /** Tool calls made so far (their ids count on from it). */
  readonly toolCalls: number;
}

/** A conversation with nothing asked and nothing booked yet. */
export const DEMO_CHAT_START: DemoChatState = {
  host: {},
  booked: null,
  asked: [],
  contact: {},
  confirmed: null,
  toolCalls: 0,
};

/** The demo's answer to one typed message; `toolCalls` go to the page before it is shown. */
export interface DemoChatReply {
  readonly reply: string;
  readonly state: DemoChatState;
  readonly toolCalls?: ToolCalls;
}

/** A conversation that starts on a host page: its names and listing are used in the replies. */
export function demoChatStart(host: DemoHost): DemoChatState {
  return { ...DEMO_CHAT_START, host };
}

/**
 * The demo's reply to one typed message, and what it remembers afterwards. Once a slot is booked
 * and a name with a phone or email is known, the reply comes with the `request_viewing` and
 * `capture_lead` tool calls (`now` stamps them); {@link demoToolCallsReply} follows their results.
 */
export function demoReply(text: string, state: DemoChatState, now = Date.now()): DemoChatReply {
  const heard = readContact(text);
  const gaveContact = Object.keys(heard).length > 0;
  const matched = matchIntents(text);
  const intents: Intent[] = gaveContact && matched[0] === 'unknown' ? ['contact'] : matched;
  const time = mentionedTime(text);
  const booked =
    intents.includes('book') && time !== null && time !== 'other' ? time : state.booked;
  const contact = { ...state.contact, ...heard };
  const answered = intents.map((intent) => answer(intent, text, state));
  const next: DemoChatState = {
    ...state,
    booked,
    contact,
    asked: [...new Set([...state.asked, ...intents])],
  };
  if (booked !== null && booked !== state.confirmed && canConfirm(contact)) {
    return {
      reply: answered.filter((line) => line !== '').join(' '),
      state: { ...next, confirmed: booked, toolCalls: state.toolCalls + 2 },
      toolCalls: leadToolCalls(contact, booked, state.toolCalls + 1, now, state.host),
    };
  }
  // A new booking, or details given for one: ask for what the agent still needs.
  if (booked !== null && booked !== state.confirmed && (booked !== state.booked || gaveContact)) {
    answered.push(askForContact(contact, state.host));
  }
  return { reply: answered.filter((line) => line !== '').join(' '), state: next };
}

/** The demo's line once the page answered its tool calls with `results`. */
export function demoToolCallsReply(
  results: readonly string[],
  state: DemoChatState,
): DemoChatReply {
  const { reply, saved } = toolCallsReply(results, state.contact, state.host);
  // Refused details are asked again, and sent again once given.
  return { reply, state: saved ? state : { ...state, contact: {}, confirmed: null } };
}

/**
 * One typed message, whole: the reply, and when it completes a booking, the lead tool calls
 * handed to `runTools` first and the line their results call for.
 */
export async function demoTurn(
  text: string,
  state: DemoChatState,
  runTools: (calls: ToolCalls) => Promise<readonly string[]>,
): Promise<{ reply: string; state: DemoChatState }> {
  const answer = demoReply(text, state);
  if (!answer.toolCalls) {
    return answer;
  }
  const after = demoToolCallsReply(await runTools(answer.toolCalls), answer.state);
  const reply = [answer.reply, after.reply].filter((line) => line !== '').join(' ');
  return { reply, state: after.state };
}

/**
 * During a demo call the reply is spoken: a question the recorded lines answer gets that
 * line (its audio plays); anything else gets the typed reply.
 */
export function spokenDemoReply(
  text: string,
  state: DemoChatState,
): { reply: string; state: DemoChatState } {
  // A call's own script makes the lead tool calls: typed ones are not made here.
  const { reply, state: next } = demoReply(text, state);
  const typed = { reply, state: { ...next, confirmed: state.confirmed } };
  const { host } = state;
  // The recorded lines state the sample home's facts in English: another home's call, or one in
  // another language, answers in its own words.
  if (
    (host.language ?? 'en') !== 'en' ||
    otherHome(host) ||
    (host.price ?? LISTING.price) !== LISTING.price ||
    (host.agent ?? LISTING.agent) !== LISTING.agent
  ) {
    return typed;
  }
  const intents = matchIntents(text);
  const listing = intents.every((i) => ['price', 'rooms', 'address', 'features'].includes(i));
  if (intents.length === 1 && intents[0] === 'greeting') {
    return { ...typed, reply: SPOKEN_ANSWERS.greeting };
  }
  if (intents.length === 1 && intents[0] === 'slots') {
    return { ...typed, reply: SPOKEN_ANSWERS.slots };
  }
  return listing ? { ...typed, reply: SPOKEN_ANSWERS.listing } : typed;
}
