import { type Intent, mentionedTime } from './chat-intents.ts';
import { agentAtStart, type DemoHost, homeOf, namedAgent, otherHome } from './host-names.ts';
import { LISTING, type Slot } from './listing-facts.ts';
import { wordsFor } from './words/words-by-language.ts';

/** What the fallback reply suggests asking: the first topic not asked yet. */
const SUGGESTED = ['price', 'rooms', 'slots', 'features', 'address'] as const;

/** What an answer reads of the typed conversation so far: part of the chat's `DemoChatState`. */
export interface AnswerContext {
  readonly host: DemoHost;
  readonly booked: Slot | null;
  readonly asked: readonly Intent[];
}

/**
 * The demo's answer to one `intent` of the typed `text`, from the listing facts: the host
 * page's when it gave them, the sample home's otherwise, and never the sample's facts for
 * another home; in the page's language.
 */
export function answer(intent: Intent, text: string, state: AnswerContext): string {
  const { host } = state;
  const words = wordsFor(host.language);
  const address = homeOf(host);
  const [first, second] = LISTING.slots.map((slot) => words.slot[slot]) as [string, string];
  // The sample facts are the demo's own home's: for the page's home they would be made up.
  const unknown = (what: 'price' | 'rooms' | 'features') =>
    words.unknown(what, address, agentAtStart(host));
  switch (intent) {
    case 'greeting':
      return (
        host.greeting ?? words.greeting(host.assistantName ?? null, LISTING.brokerage, address)
      );
    case 'price':
      if (host.price !== undefined || otherHome(host)) {
        return host.price === undefined ? unknown('price') : words.listed(address, host.price);
      }
      return words.listed(LISTING.address, LISTING.price);
    case 'rooms':
      return otherHome(host) ? unknown('rooms') : words.rooms(LISTING.bedrooms, LISTING.baths);
    case 'address':
      return words.at(address);
    case 'features':
      return otherHome(host) ? unknown('features') : words.features;
    case 'slots':
      return words.offer(first, second);
    case 'person':
      return words.person;
    case 'contact':
      return state.booked === null ? `${words.thanks} ${words.which(first, second, false)}` : '';
    case 'book': {
      const time = mentionedTime(text);
      if (time === null || time === 'other') {
        return words.which(first, second, time === 'other');
      }
      if (state.booked === time) {
        return words.already(words.slot[time]);
      }
      return words.booked(words.slot[time], namedAgent(host));
    }
    default: {
      const next = SUGGESTED.find((topic) => !state.asked.includes(topic)) ?? SUGGESTED[0];
      return words.fallback(address, words.suggestions[next]);
    }
  }
}
