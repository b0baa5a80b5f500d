import {
  askForContact,
  type Contact,
  canConfirm,
  leadToolCalls,
  readContact,
  toolCallsReply,
} from './chat-lead.ts';
import { LISTING, type Slot, SPOKEN_ANSWERS } from './listing-facts.ts';
import type { ToolCalls } from './server-messages.ts';

/**
 * The offline demo's typed answers (docs/behaviour.md#chat): simple intent matching over the
 * listing facts. Pure: the visitor's text and the conversation so far in, the reply and the
 * next state out. Anything it does not understand gets an honest "this is a demo" reply with
 * one question it can answer; it never puts words in the visitor's mouth.
 */

/** What a typed message asks. */
export type Intent =
  | 'greeting'
  | 'price'
  | 'rooms'
  | 'address'
  | 'features'
  | 'slots'
  | 'book'
  | 'contact'
  | 'unknown';

/**
 * What the host page says about itself: the element's `assistant-name` and the page's listing
 * (its attributes or JSON-LD). The demo's replies use them, and never give its own sample home's
 * facts for another home.
 */
export interface DemoHost {
  readonly assistantName?: string;
  readonly address?: string;
  readonly price?: string;
  readonly agent?: string;
}

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

/** A time the visitor named: one of the open slots, another time, or none. */
export type TimeMention = Slot | 'other' | null;

const BOOK =
  /\b(book|booking|reserve|schedule|sign me up|take it|take the|works for me|i'?ll come|let'?s do)\b/;
const TOPICS: ReadonlyArray<readonly [Intent, RegExp]> = [
  ['price', /\b(price|prices|cost|costs|how much|asking|listed at|expensive|afford)\b|\$/],
  ['rooms', /\b(bed|beds|bedrooms?|baths?|bathrooms?|rooms?|how big|size)\b/],
  ['address', /\b(address|where|located|location|street|neighbou?rhood|area)\b/],
  [
    'features',
    /\b(features?|kitchen|yard|backyard|garden|special|amenit\w*|describe|tell me (more )?about)\b/,
  ],
  [
    'slots',
    /\b(view|viewing|visit|see it|see the|tour|showing|open house|when can|slots?|times?|available|availability)\b/,
  ],
];
const GREETING = /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening))\b/;

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}

/** The viewing time named in `text`: "2 pm", "2:00", "at 2", "two o'clock", "14:00"… */
export function mentionedTime(text: string): TimeMention {
  const t = normalise(text);
  const match =
    t.match(/\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)/) ??
    t.match(/\b(\d{1,2}):(\d{2})\b/) ??
    t.match(/\bat (\d{1,2})\b/) ??
    t.match(/\b(two|four)\s*(p\.?m\.?|o'?clock)/);
  if (!match) {
    return null;
  }
  const hour = match[1] === 'two' ? 2 : match[1] === 'four' ? 4 : Number(match[1]);
  const minutes = match[1] === 'two' || match[1] === 'four' ? '00' : (match[2] ?? '00');
  const suffix = match[1] === 'two' || match[1] === 'four' ? match[2] : match[3];
  const morning = /^a/.test(suffix ?? '');
  if (minutes === '00' && !morning && (hour === 2 || hour === 14)) {
    return '2:00 PM';
  }
  if (minutes === '00' && !morning && (hour === 4 || hour === 16)) {
    return '4:00 PM';
  }
  return 'other';
}

/** Every intent of `text`, in the order they are answered. */
export function matchIntents(text: string): Intent[] {
  const t = normalise(text);
  const time = mentionedTime(t);
  if (time !== null && (BOOK.test(t) || time !== 'other')) {
    return ['book'];
  }
  if (BOOK.test(t)) {
    return ['book'];
  }
  const topics = TOPICS.filter(([, pattern]) => pattern.test(t)).map(([intent]) => intent);
  if (topics.length > 0) {
    return topics;
  }
  return GREETING.test(t) ? ['greeting'] : ['unknown'];
}

const SUGGESTIONS: ReadonlyArray<readonly [Intent, string]> = [
  ['price', 'What’s the price?'],
  ['rooms', 'How many bedrooms does it have?'],
  ['slots', 'Can I book a viewing?'],
  ['features', 'What are its best features?'],
  ['address', 'Where is it?'],
];

function slotsText(): string {
  const [first, second] = LISTING.slots;
  return `${first} and ${second}`;
}

/** A conversation that starts on a host page: its names and listing are used in the replies. */
export function demoChatStart(host: DemoHost): DemoChatState {
  return { ...DEMO_CHAT_START, host };
}

/** True when the page names a home other than the demo's own sample listing. */
function otherHome(host: DemoHost): boolean {
  return host.address !== undefined && host.address !== LISTING.address;
}

function answer(intent: Intent, text: string, state: DemoChatState): string {
  const { host } = state;
  const address = host.address ?? LISTING.address;
  const agent = host.agent ?? LISTING.agent;
  // The sample facts are the demo's own home's: for the page's home they would be made up.
  const unknown = (what: string) =>
    `This offline demo doesn’t know the ${what} of ${address}. ${agent} can tell you when they confirm your viewing.`;
  switch (intent) {
    case 'greeting':
      return host.assistantName !== undefined
        ? `Hi, I’m ${host.assistantName}, a virtual assistant. Ask me about ${address}, or book a viewing.`
        : `Hi, I’m Nora, the virtual assistant at ${LISTING.brokerage}. Ask me about ${address}: the price, the rooms, or a viewing.`;
    case 'price':
      if (host.price !== undefined || otherHome(host)) {
        return host.price === undefined
          ? unknown('price')
          : `${address} is listed at ${host.price}.`;
      }
      return `${LISTING.address} is listed at ${LISTING.price}.`;
    case 'rooms':
      return otherHome(host)
        ? unknown('rooms')
        : `It has ${LISTING.bedrooms} bedrooms and ${LISTING.baths} baths.`;
    case 'address':
      return `The house is at ${address}.`;
    case 'features':
      return otherHome(host) ? unknown('features') : `It has ${LISTING.features.join(' and ')}.`;
    case 'slots':
      return `I can book you a viewing this ${LISTING.viewingDay}. I have ${slotsText()} open. Which suits you?`;
    case 'contact':
      return state.booked === null
        ? `Thanks. I have ${slotsText()} open this ${LISTING.viewingDay}. Which would you like?`
        : '';
    case 'book': {
      const time = mentionedTime(text);
      if (time === null || time === 'other') {
        const which = time === 'other' ? 'That time isn’t open. ' : '';
        return `${which}I have ${slotsText()} open this ${LISTING.viewingDay}. Which would you like?`;
      }
      if (state.booked === time) {
        return `You’re already booked for ${LISTING.viewingDay} at ${time}.`;
      }
      return `You’re booked for ${LISTING.viewingDay} at ${time} with ${agent}, the listing agent. This is a demo, so no real appointment was made.`;
    }
    default: {
      const next = SUGGESTIONS.find(([topic]) => !state.asked.includes(topic)) ?? SUGGESTIONS[0];
      return `I’m an offline demo, so I can only answer a few questions about ${address}. Try asking: “${next?.[1] ?? ''}”`;
    }
  }
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
  const answered = intents.map((intent) => answer(intent, text, { ...state, contact }));
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
      toolCalls: leadToolCalls(contact, booked, state.toolCalls + 1, now),
    };
  }
  // A new booking, or details given for one: ask for what the agent still needs.
  if (booked !== null && booked !== state.confirmed && (booked !== state.booked || gaveContact)) {
    answered.push(askForContact(contact));
  }
  return { reply: answered.filter((line) => line !== '').join(' '), state: next };
}

/** The demo's line once the page answered its tool calls with `results`. */
export function demoToolCallsReply(
  results: readonly string[],
  state: DemoChatState,
): DemoChatReply {
  const { reply, saved } = toolCallsReply(results, state.contact);
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
  // The recorded lines state the sample home's facts: another home's call answers in its own words.
  if (
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
