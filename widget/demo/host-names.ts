import type { Language } from '../element/i18n/languages.ts';
import { LISTING } from './listing-facts.ts';
import { wordsFor } from './words/words-by-language.ts';

/**
 * Whom and what the demo names on the host page: the page's agent and home when it gave them,
 * the sample's only on the sample's own page. A page for another home that names no agent gets
 * "the listing agent" (in the page's language), never the sample's Daniel.
 */

/**
 * What the host page says about itself: the element's `assistant-name` and the page's listing
 * (its attributes or JSON-LD). The demo's replies use them, and never give its own sample home's
 * facts for another home.
 */
export interface DemoHost {
  readonly assistantName?: string;
  /** The widget's language: the typed replies are in it (English by default). */
  readonly language?: Language;
  readonly address?: string;
  readonly price?: string;
  readonly agent?: string;
  /** The configured first message (`assistantOverrides.firstMessage`): the demo's greeting. */
  readonly greeting?: string;
}

/** True when the page names a home other than the demo's own sample listing. */
export function otherHome(host: DemoHost): boolean {
  return host.address !== undefined && host.address !== LISTING.address;
}

/** The home the demo talks about: the page's, or the sample's when the page named none. */
export function homeOf(host: DemoHost): string {
  return host.address ?? LISTING.address;
}

/** The agent's name, or null on another home's page that names none. */
export function namedAgent(host: DemoHost): string | null {
  return host.agent ?? (otherHome(host) ? null : LISTING.agent);
}

/** The agent the demo names, mid-sentence. */
export function agentOf(host: DemoHost): string {
  return namedAgent(host) ?? wordsFor(host.language).listingAgent;
}

/** The agent the demo names at the start of a sentence. */
export function agentAtStart(host: DemoHost): string {
  const agent = agentOf(host);
  return agent.charAt(0).toUpperCase() + agent.slice(1);
}

/** The voice script's "with Daniel, the listing agent", or "with the listing agent" (English). */
export function withAgent(host: DemoHost): string {
  const agent = namedAgent(host);
  return agent === null ? 'the listing agent' : `${agent}, the listing agent`;
}
