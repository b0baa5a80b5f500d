import { inZone } from '../../time/brokerage-time.ts';
import type { DeliveryContext } from '../adapter.ts';
import type { LeadRecord } from '../lead-record.ts';
import { inboxLink, replaceControls } from './lead-text.ts';

/**
 * The agent's text message (issue 27 §1, pure): the kind, the visitor's first name and last
 * initial, the listing's street and the requested time, and a link to claim. Nothing more: a
 * text is read on a lock screen, so no transcript, no email and no phone number.
 */

// The street types a listing's address spells out, as a text abbreviates them.
const STREET_TYPES = new Map<string, string>([
  ['avenue', 'Ave'],
  ['boulevard', 'Blvd'],
  ['court', 'Ct'],
  ['crescent', 'Cres'],
  ['drive', 'Dr'],
  ['highway', 'Hwy'],
  ['lane', 'Ln'],
  ['parkway', 'Pkwy'],
  ['place', 'Pl'],
  ['road', 'Rd'],
  ['square', 'Sq'],
  ['street', 'St'],
  ['terrace', 'Terr'],
]);

/** `Sam R.` from `Sam Rivera`; `Sam` alone; null when there is no name. */
export function shortName(name: string | null): string | null {
  const words = replaceControls(name ?? '', ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const first = words[0];
  if (first === undefined) {
    return null;
  }
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last === undefined ? first : `${first} ${last.charAt(0).toUpperCase()}.`;
}

/** `14 Linden Ct` from `14 Linden Court, Maple Ridge, BC`: the part before the first comma. */
export function shortStreet(address: string | undefined): string | null {
  const street = replaceControls(address ?? '', ' ')
    .split(',')[0]
    ?.trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (!street || street.length === 0) {
    return null;
  }
  const last = street[street.length - 1] ?? '';
  const short = STREET_TYPES.get(last.toLowerCase());
  return [...street.slice(0, -1), short ?? last].join(' ');
}

/** `Sat Nov 28 2:00 PM` in the brokerage's zone, or null when the time is unknown. */
export function shortTime(start: string | null, timeZone: string): string | null {
  if (start === null) {
    return null;
  }
  try {
    return inZone(start, timeZone).toFormat('ccc LLL d h:mm a');
  } catch {
    return null;
  }
}

/** The text for one lead, sent to its assigned agent. */
export function smsText(lead: LeadRecord, context: DeliveryContext): string {
  const kind = lead.kind === 'viewing-request' ? 'New viewing request' : 'New lead';
  const first = lead.viewingTimes.find((t) => t.start !== null);
  const parts = [
    shortName(lead.person.name) ?? 'no name given',
    shortStreet(lead.listing.address),
    lead.kind === 'viewing-request' ? shortTime(first?.start ?? null, context.timeZone) : null,
  ].filter((p) => p !== null);
  return `${kind}: ${parts.join(', ')}. Claim: ${inboxLink(context, lead)}`;
}
