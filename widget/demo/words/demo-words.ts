import type { Slot } from '../listing-facts.ts';

/**
 * The offline demo's typed replies in one language (docs/behaviour.md#chat): the widget's
 * language, so a visitor on a `lang="es"` page is answered in Spanish. The listing's own names
 * (address, price, agent) are the page's and stay as given; the tool calls to the page stay in
 * English, as the desk reads them.
 */
export interface DemoWords {
  /** "the listing agent", for a page that names a home but no agent. */
  readonly listingAgent: string;
  /** The two open viewing times and the day, as this language writes them. */
  readonly slot: Readonly<Record<Slot, string>>;
  readonly day: string;
  greeting(name: string | null, brokerage: string, address: string): string;
  listed(address: string, price: string): string;
  rooms(bedrooms: number, baths: number): string;
  at(address: string): string;
  readonly features: string;
  /** The demo does not know `what` of the page's home; `agent` starts a sentence. */
  unknown(what: 'price' | 'rooms' | 'features', address: string, agent: string): string;
  /** The open times, as an offer to book. */
  offer(first: string, second: string): string;
  /** Which of the open times, after a message that named none (or another). */
  which(first: string, second: string, notOpen: boolean): string;
  already(time: string): string;
  /** `agent` is "Daniel" or null for the page's unnamed listing agent. */
  booked(time: string, agent: string | null): string;
  fallback(address: string, suggestion: string): string;
  /** One question the demo can answer, per topic. */
  readonly suggestions: Readonly<
    Record<'price' | 'rooms' | 'slots' | 'features' | 'address', string>
  >;
  askAll(agent: string): string;
  askName(agent: string): string;
  askReach(name: string, agent: string): string;
  passed(name: string, agent: string): string;
  followUp(name: string): string;
  readonly couldNot: string;
  /** Before the open times, when the visitor gave their details first. */
  readonly thanks: string;
  /** The visitor asked for a person: the panel's button, named as the widget's texts name it. */
  readonly person: string;
}
