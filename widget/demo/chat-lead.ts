import { LISTING, type Slot } from './listing-facts.ts';
import { type ToolCalls, toolCalls } from './server-messages.ts';

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
  /\b(?:I'?m|I am|[Mm]y name is|[Mm]y name's|[Tt]his is|[Cc]all me)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u;
const PHONE = /\+?\d[\d ().-]{5,}\d/;
const EMAIL = /[^\s@<>,;]+@[^\s@<>,;]+\.[a-z]{2,}/i;

/** The name, phone and email in `text`, where the visitor gave them. */
export function readContact(text: string): Contact {
  const name = NAME.exec(text.replace(/[’‘]/g, "'"))?.[1];
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

/** What is still missing, asked as the demo asks it. */
export function askForContact(contact: Contact): string {
  const agent = LISTING.agent;
  if (contact.name === undefined && contact.phone === undefined && contact.email === undefined) {
    return `What name and phone number or email should ${agent} use to confirm?`;
  }
  return contact.name === undefined
    ? `And your name, so ${agent} knows who to expect?`
    : `Thanks, ${contact.name}. What phone number or email should ${agent} use to confirm?`;
}

/** The two tool calls of a booked viewing, with ids `demo-chat-tool-N`, from `next`. */
export function leadToolCalls(contact: Contact, slot: Slot, next: number, now: number): ToolCalls {
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
          notes: `Booked a viewing of ${LISTING.address} on ${when} in the typed chat.`,
          consent_to_contact: true,
        },
      },
    ],
    now,
  );
}

/**
 * The demo's line after the page answered its tool calls: the confirmation when every result
 * says the details were saved, else a request to give them again.
 */
export function toolCallsReply(
  results: readonly string[],
  contact: Contact,
): { reply: string; saved: boolean } {
  const saved = results.length > 0 && results.every((result) => result.startsWith('Saved'));
  const reply = saved
    ? `Thanks, ${contact.name}. I’ve passed your details to ${LISTING.agent}, who will be in touch to confirm.`
    : `I couldn’t pass your details on. ${askForContact({})}`;
  return { reply, saved };
}
