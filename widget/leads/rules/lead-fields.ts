import type {
  LeadFields,
  LeadIntent,
  ListingContext,
  ViewingFields,
} from '../../element/lead-details.ts';
import {
  LEAD_FIELD_MAX_CHARS,
  MAX_PHONE_DIGITS,
  MAX_PREFERRED_TIMES,
  MIN_PHONE_DIGITS,
} from '../constants.ts';
import { cleanText } from '../page/clean-text.ts';

export type { LeadFields, LeadIntent, ViewingFields };

/**
 * The rules of a lead's fields, the one set both doors use (docs/desk.md#ingest): the widget's
 * `capture_lead` and `request_viewing` tools check their arguments with them, and the desk
 * checks the captures the widget posts and the tool calls the platform sends with them.
 */

/** What the visitor wants to do: the `intent` argument of `capture_lead`. */
export const LEAD_INTENTS = [
  'buy',
  'sell',
  'rent',
  'other',
] as const satisfies readonly LeadIntent[];

/**
 * What to ask the visitor again for each rule a field can break, one phrase each: `contact`
 * when neither phone nor email was given, otherwise the argument's name as the tools spell it.
 */
export const ASK_AGAIN = {
  contact: 'a phone number or an email address (at least one)',
  phone: 'a phone number that can be dialled (7 to 15 digits)',
  email: 'an email address with a domain, like name@example.com',
  intent: `whether they want to ${LEAD_INTENTS.join(', ')} (intent must be one of these)`,
  consent_to_contact:
    'whether they agree to be contacted (consent_to_contact must be true or false)',
  do_not_contact: 'whether they asked not to be contacted (do_not_contact must be true or false)',
  preferred_times: 'when they would like to view (at least one preferred time)',
} as const;

/** A rule a field can break (see {@link ASK_AGAIN}). */
export type FieldRule = keyof typeof ASK_AGAIN;

/** The outcome of checking a tool's arguments. */
export type Checked<T> =
  | { ok: true; fields: T }
  | {
      ok: false;
      /** What to ask the visitor again, one phrase per broken rule ("a phone number that can be dialled"). */
      askAgain: readonly string[];
    };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const EMAIL_MAX_CHARS = 254;
const PHONE_CHARS = /^\+?[\d\s().-]+$/;

/** True for a number that could be dialled: 7 to 15 digits, an optional leading `+`, separators. */
export function isDialablePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_CHARS.test(phone) && digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/** True for an address with a local part and a dotted domain (`dana@example.com`). */
export function isEmailWithDomain(email: string): boolean {
  return email.length <= EMAIL_MAX_CHARS && EMAIL_PATTERN.test(email);
}

/**
 * True for a BCP 47 language tag as the widget names its conversation's language (`en`,
 * `fr-CA`, `zh-Hant-TW`): a 2-3 letter primary subtag, then subtags of 1-8 letters or digits.
 */
export function isLanguageTag(tag: string): boolean {
  return tag.length <= 35 && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag);
}

/** One text field, cleaned (see `cleanText`); `undefined` when empty or not text. */
export const fieldText = (value: unknown, max = LEAD_FIELD_MAX_CHARS) =>
  cleanText(value, max) ?? undefined;

/** The listing a viewing request names when the assistant named none: the page's. */
export function listingLabel(listing: ListingContext): string | undefined {
  return listing.address ?? listing.id ?? listing.url;
}

/** Reads the contact fields both tools share and notes what to ask again. */
function contact(args: Readonly<Record<string, unknown>>, askAgain: string[]) {
  const name = fieldText(args.name);
  const phone = fieldText(args.phone);
  const email = fieldText(args.email)?.replace(/\s+/g, '');
  if (phone === undefined && email === undefined) {
    askAgain.push(ASK_AGAIN.contact);
  }
  if (phone !== undefined && !isDialablePhone(phone)) {
    askAgain.push(ASK_AGAIN.phone);
  }
  if (email !== undefined && !isEmailWithDomain(email)) {
    askAgain.push(ASK_AGAIN.email);
  }
  return { name, phone, email };
}

/** Leaves out the keys whose value is `undefined`, so details carry only what was given. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Checks and cleans `capture_lead`'s arguments (pure): at least one of phone or email, a
 * dialable phone, an email with a domain, `intent` one of {@link LEAD_INTENTS}, and
 * `consent_to_contact` and `do_not_contact` booleans when given. `consentToContact` starts
 * false: only the visitor's tick on the contact card makes it true (`spokenConsent` keeps the
 * model's reading). Text is trimmed, stripped of control characters
 * and cut to {@link LEAD_FIELD_MAX_CHARS}; unknown arguments are ignored.
 */
export function checkLeadArguments(args: Readonly<Record<string, unknown>>): Checked<LeadFields> {
  const askAgain: string[] = [];
  const { name, phone, email } = contact(args, askAgain);
  const rawIntent = fieldText(args.intent)?.toLowerCase();
  const intent = LEAD_INTENTS.find((value) => value === rawIntent);
  if (rawIntent !== undefined && intent === undefined) {
    askAgain.push(ASK_AGAIN.intent);
  }
  const consent = args.consent_to_contact;
  if (consent !== undefined && consent !== null && typeof consent !== 'boolean') {
    askAgain.push(ASK_AGAIN.consent_to_contact);
  }
  const stop = args.do_not_contact;
  if (stop !== undefined && stop !== null && typeof stop !== 'boolean') {
    askAgain.push(ASK_AGAIN.do_not_contact);
  }
  if (askAgain.length > 0) {
    return { ok: false, askAgain };
  }
  return {
    ok: true,
    fields: compact({
      name,
      phone,
      email,
      intent,
      timeframe: fieldText(args.timeframe),
      budget: fieldText(args.budget),
      notes: fieldText(args.notes),
      // Only the visitor's own tick on the card says yes (contact-consent.ts); what the model
      // heard is kept beside it.
      consentToContact: false,
      spokenConsent: typeof consent === 'boolean' ? consent : undefined,
      doNotContact: stop === true ? (true as const) : undefined,
    }),
  };
}

/**
 * Checks and cleans `request_viewing`'s arguments (pure): at least one of phone or email, a dialable phone,
 * an email with a domain, and at least one preferred time (a single string is taken as a list
 * of one; at most {@link MAX_PREFERRED_TIMES} are kept). `listing` falls back to
 * `defaultListing` (the page's listing) when the assistant named none.
 */
export function checkViewingArguments(
  args: Readonly<Record<string, unknown>>,
  defaultListing?: string,
): Checked<ViewingFields> {
  const askAgain: string[] = [];
  const { name, phone, email } = contact(args, askAgain);
  const rawTimes = args.preferred_times;
  const list = Array.isArray(rawTimes) ? rawTimes : rawTimes === undefined ? [] : [rawTimes];
  const preferredTimes = list
    .map((time) => fieldText(time))
    .filter((time): time is string => time !== undefined)
    .slice(0, MAX_PREFERRED_TIMES);
  if (preferredTimes.length === 0) {
    askAgain.push(ASK_AGAIN.preferred_times);
  }
  if (askAgain.length > 0) {
    return { ok: false, askAgain };
  }
  return {
    ok: true,
    fields: compact({
      listing: fieldText(args.listing) ?? fieldText(defaultListing),
      preferredTimes,
      name,
      phone,
      email,
    }),
  };
}
