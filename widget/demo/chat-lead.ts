import type { DemoHost } from './host-names.ts';
import { agentOf, homeOf } from './host-names.ts';
import { LISTING, type Slot } from './listing-facts.ts';
import { type ToolCalls, toolCalls } from './server-messages.ts';
import { wordsFor } from './words/words-by-language.ts';

/**
 * The offline demo's typed path to a lead (docs/behaviour.md#leads): the contact details a
 * visitor types are read out of their words, and once a viewing is booked and a name and a way
 * to reach them are known, the demo calls `request_viewing` and `capture_lead` as the voice
 * script does, through the same tool-calls shape. Pure.
 */

/** What the visitor has told the demo about themselves so far. */
export interface Contact {
  readonly name?: string;
  readonly phone?: string;
  readonly email?: string;
}

// A name is only taken capitalised: "I'm Sam" is a name, "I'm interested" is not.
const NAME =
  /(?:\bI'?m|\bI am|\b[Mm]y name is|\b[Mm]y name's|\b[Tt]his is|\b[Cc]all me|\b[Mm]e llamo|\b[Ss]oy|\b[Jj]e m'appelle|\b[Jj]e suis|\b[Ii]ch heiße|\b[Ii]ch bin|\b[Mm]ein [Nn]ame ist|\b[Mm]eu nome é|\b[Ss]ou)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u;
// Scripts without capitals: the name right after "我叫" / "我是" or "اسمي".
const UNCASED_NAME = /(?:我叫|我是)\s*(\p{Lo}{2,4})|اسمي\s+(\p{L}+(?:\s+\p{L}+)?)/u;
const PHONE = /\+?\d[\d ().-]{5,}\d/;
const EMAIL = /[^\s@<>,;]+@[^\s@<>,;]+\.[a-z]{2,}/i;

/** The name, phone and email in `text`, where the visitor gave them. */
export function readContact(text: string): Contact {
  const uncased = UNCASED_NAME.exec(text);
  const name = NAME.exec(text.replace(/[’‘]/g, "'"))?.[1] ?? uncased?.[1] ?? uncased?.[2];
  const phone = PHONE.exec(text)?.[0];
  const email = EMAIL.exec(text)?.[0];
  return {
    ...(name && { name }),
    ...(phone && phone.replace(/\D/g, '').length >= 7 && { phone }),
    ...(email && { email }),
  };
}

/** A name and a phone or an email: enough for the agent to confirm. */
export function canConfirm(contact: Contact): boolean {
  return contact.name !== undefined && (contact.phone !== undefined || contact.email !== undefined);
}

/** What is still missing, asked as the demo asks it, naming the page's agent. */
export function askForContact(contact: Contact, host: DemoHost): string {
  const agent = agentOf(host);
  const words = wordsFor(host.language);
  if (contact.name === undefined && contact.phone === undefined && contact.email === undefined) {
    return words.askAll(agent);
  }
  return contact.name === undefined ? words.askName(agent) : words.askReach(contact.name, agent);
}

/**
 * The two tool calls of a booked viewing, with ids `demo-chat-tool-N`, from `next`; the notes
 * name the page's home.
 */
export function leadToolCalls(
  contact: Contact,
  slot: Slot,
  next: number,
  now: number,
  host: DemoHost,
): ToolCalls {
  const reach = {
    name: contact.name,
    ...(contact.phone && { phone: contact.phone }),
    ...(contact.email && { email: contact.email }),
  };
  const when = `${LISTING.viewingDay} ${slot}`;
  return toolCalls(
    [
      {
        id: `demo-chat-tool-${next}`,
        name: 'request_viewing',
        // The page's listing, not the demo's: the widget fills it in (as in script.ts).
        arguments: { preferred_times: [when], ...reach },
      },
      {
        id: `demo-chat-tool-${next + 1}`,
        name: 'capture_lead',
        arguments: {
          ...reach,
          intent: 'buy',
          timeframe: `Viewing on ${LISTING.viewingDay}`,
          notes: `Booked a viewing of ${homeOf(host)} on ${when} in the typed chat.`,
          consent_to_contact: true,
        },
      },
    ],
    now,
  );
}

/** The start of a tool result for a capture kept but not delivered (leads/lead-tools.ts). */
const FOLLOW_UP = 'Saved for follow-up';

/**
 * The demo's line after the page answered its tool calls: "passed to" the agent only when every
 * result says they were; "saved for follow-up" when the page kept them but could not send them
 * (a refused or blocked lead POST), as the voice's tool result tells it; else a request to give
 * them again.
 */
export function toolCallsReply(
  results: readonly string[],
  contact: Contact,
  host: DemoHost,
): { reply: string; saved: boolean } {
  const words = wordsFor(host.language);
  const saved = results.length > 0 && results.every((result) => result.startsWith('Saved'));
  if (!saved) {
    return { reply: `${words.couldNot} ${askForContact({}, host)}`, saved };
  }
  const name = contact.name ?? '';
  const reply = results.some((result) => result.startsWith(FOLLOW_UP))
    ? words.followUp(name)
    : words.passed(name, agentOf(host));
  return { reply, saved };
}
