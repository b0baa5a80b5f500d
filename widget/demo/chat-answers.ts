import { type Intent, mentionedTime } from './chat-intents.ts';
import type { DemoChatState } from './chat-replies.ts';
import { agentAtStart, homeOf, otherHome, withAgent } from './host-names.ts';
import { LISTING } from './listing-facts.ts';

/** What the fallback reply suggests asking: the first topic not asked yet. */
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

/**
 * The demo's answer to one `intent` of the typed `text`, from the listing facts: the host
 * page's when it gave them, the sample home's otherwise, and never the sample's facts for
 * another home.
 */
export function answer(intent: Intent, text: string, state: DemoChatState): string {
  const { host } = state;
  const address = homeOf(host);
  // The sample facts are the demo's own home's: for the page's home they would be made up.
  const unknown = (what: string) =>
    `This offline demo doesn’t know the ${what} of ${address}. ${agentAtStart(host)} can tell you when they confirm your viewing.`;
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
      return `You’re booked for ${LISTING.viewingDay} at ${time} with ${withAgent(host)}. This is a demo, so no real appointment was made.`;
    }
    default: {
      const next = SUGGESTIONS.find(([topic]) => !state.asked.includes(topic)) ?? SUGGESTIONS[0];
      return `I’m an offline demo, so I can only answer a few questions about ${address}. Try asking: “${next?.[1] ?? ''}”`;
    }
  }
}
