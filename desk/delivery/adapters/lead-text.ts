import type { StoredViewingTime } from '../../storage/schema.ts';
import { displayTimeOrNull } from '../../time/brokerage-time.ts';
import type { DeliveryContext } from '../adapter.ts';
import type { LeadRecord } from '../lead-record.ts';

/**
 * Text shared by the adapters that write for a person (the CRM note, the agent's email): times
 * as absolute dates in the brokerage's zone, names split for the CRM, prices as numbers, and
 * error details scrubbed of the lead's personal data.
 */

/**
 * One time as an agent reads it, the same text the inbox, the webhook and the weekly report
 * show (desk/time/brokerage-time.ts): `Saturday, November 28, 2026, 2:00 PM MST`, in
 * `timeZone` (the brokerage's) whatever offset it was stored with. `null` when the words named
 * no time or the instant cannot be read.
 */
export function absoluteTime(start: string | null, timeZone: string): string | null {
  return displayTimeOrNull(start, timeZone);
}

/**
 * One line per requested time: the absolute time (marked when the visitor named only a day or
 * a part of the day) and always the words as said, which are what the visitor meant.
 */
export function viewingTimeLine(time: StoredViewingTime, timeZone: string): string {
  const absolute = absoluteTime(time.start, timeZone);
  const said = `as said: "${time.said}"`;
  if (absolute === null) {
    return `time not resolved, ${said}`;
  }
  return time.approximate ? `${absolute}, approximate, ${said}` : `${absolute}, ${said}`;
}

/**
 * `text` with every C0/C1 control character (CR and LF included) replaced by `by`: written by
 * code point because a regular expression over control characters is easy to get wrong.
 */
export function replaceControls(text: string, by: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? by : char;
  }
  return out;
}

/** The CRM's first and last name: the first word, then the rest (a single word is a first name). */
export function splitName(name: string | null): { firstName?: string; lastName?: string } {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const [first, ...rest] = words;
  if (first === undefined) {
    return {};
  }
  return rest.length === 0 ? { firstName: first } : { firstName: first, lastName: rest.join(' ') };
}

/**
 * A price as pages write it (`$450,000`, `450000 USD`, `$1.2M`, `$2,500/mo`) as a number, or
 * `undefined` when it holds no single amount (`$400k–$450k`, `Call for price`): a wrong number
 * in the CRM is worse than none, and the text still reaches the agent in the note.
 */
export function parsePrice(price: string | undefined): number | undefined {
  if (price === undefined) {
    return undefined;
  }
  const amounts = [...price.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*([kKmM](?![a-z]))?/g)];
  const [amount] = amounts;
  if (amounts.length !== 1 || amount?.[1] === undefined) {
    return undefined;
  }
  const scale = { k: 1e3, m: 1e6 }[(amount[2] ?? '').toLowerCase()] ?? 1;
  const value = Number(amount[1].replaceAll(',', '')) * scale;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The visitor's words to a reader: demo sample lines are the visitor's too. */
const SPEAKER: Partial<Record<string, string>> = {
  user: 'Visitor',
  'sample-visitor': 'Visitor',
  assistant: 'Assistant',
};

/** `m:ss` from the conversation's start, so an agent can find the moment in a recording. */
function offset(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The conversation as lines (`[0:12] Visitor: …`): the stored messages when there are any,
 * else the platform's transcript text; system and tool lines are left out (not said by anyone).
 */
export function transcriptLines(lead: LeadRecord): string[] {
  const conversation = lead.conversation;
  if (conversation === null) {
    return [];
  }
  const lines = conversation.messages.flatMap((m) => {
    const speaker = SPEAKER[m.role];
    if (speaker === undefined) {
      return [];
    }
    const at = m.secondsFromStart === undefined ? '' : `[${offset(m.secondsFromStart)}] `;
    return [`${at}${speaker}: ${m.text}`];
  });
  if (lines.length > 0) {
    return lines;
  }
  return (conversation.transcript ?? '').split(/\r?\n/).filter((l) => l.trim() !== '');
}

/** Where the lead came from, for the CRM's `source` label: the page's host, else the brokerage. */
export function sourceLabel(lead: LeadRecord, brokerageName: string): string {
  for (const candidate of [lead.pageUrl, lead.listing.url]) {
    if (candidate) {
      try {
        return new URL(candidate).host;
      } catch {
        // A stored URL was checked on the way in; an unreadable one just falls through.
      }
    }
  }
  return brokerageName;
}

/**
 * A reply or error text with the lead's own name, email and phone (and any `secrets`) taken out,
 * plus anything shaped like an email address, so an outside service echoing the request back
 * cannot put personal data into a stored reason. Cut to `max` characters.
 */
export function scrub(
  text: string,
  lead: LeadRecord | null,
  secrets: readonly string[] = [],
  max = 200,
): string {
  let out = text;
  const known = [lead?.person.name, lead?.person.email, lead?.person.phone, ...secrets];
  for (const value of known) {
    if (value && value.trim().length >= 3) {
      out = out.split(value).join('[redacted]');
    }
  }
  out = out
    .replace(/[^\s@<>"',;:]+@[^\s@<>"',;:]+/g, '[email]')
    .replace(/\+?\d[\d\s().-]{6,}\d/g, '[number]')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/** The link to a lead in the broker's inbox: every alert and update ends with it. */
export function inboxLink(context: DeliveryContext, lead: LeadRecord): string {
  return `${context.publicUrl}/inbox/leads/${encodeURIComponent(lead.id)}`;
}
