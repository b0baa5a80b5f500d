// Over 300 lines as one concept: reading a capture from either door (POST /leads and the
// platform's tool calls) with the one set of field rules; split, the two doors drifted apart.
import {
  cleanUrl,
  LISTING_ATTRIBUTES,
  type ListingContext,
} from '../../widget/leads/page/listing-context.ts';
import {
  ASK_AGAIN,
  type Checked,
  checkLeadArguments,
  checkViewingArguments,
  type FieldRule,
  fieldText,
  isLanguageTag,
  LEAD_INTENTS,
  type LeadFields,
  listingLabel,
  type ViewingFields,
} from '../../widget/leads/rules/lead-fields.ts';
import { readVisitSource, type VisitSource } from '../../widget/leads/rules/visit-source.ts';
import { IngestError } from './ingest-error.ts';

/**
 * The one reader of a capture, whichever door it came in by (docs/desk.md#ingest): the body the
 * widget POSTs to `/leads` ({@link parseCaptureBody}) and a `capture_lead` or `request_viewing`
 * call the platform sends to `/platform/webhook` ({@link captureFromToolCall}). The fields are
 * checked by the rules the widget's tools use (`widget/leads/rules/lead-fields.ts`); the listing,
 * consent, page URL and times by the rules here. Pure.
 */

/** The recording disclosure the visitor agreed to, as evidence (docs/desk.md#consent). */
export interface ConsentEvidence {
  /** The disclosure's version: a hash of its text. */
  version: string;
  /** The text itself, so the evidence stands even after the disclosure changes. */
  text: string | null;
  acceptedAt: string;
}

/** A capture as the desk stores it, from either direction. */
export interface IncomingCapture {
  kind: 'lead' | 'viewing-request';
  idempotencyKey: string;
  conversationId: string | null;
  /** The platform's tool call id: the same capture from the widget and the platform is one. */
  toolCallId: string | null;
  capturedAt: string;
  listing: ListingContext;
  fields: LeadFields | ViewingFields;
  consent: ConsentEvidence | null;
  /** The contact consent box the visitor ticked on the widget's card, if they did. */
  contactConsent?: ContactConsent;
  /**
   * A "Talk to a person" request (the widget's `kind: 'callback'`, stored as a lead): `urgent`
   * is "Call me now", for the on-duty agent at once; `requestedTime` the opening picked instead.
   */
  callback?: { urgent: boolean; requestedTime: string | null };
  pageUrl: string | null;
  /** Where the visitor came from; kept only with the disclosure's agreement. */
  visitSource?: VisitSource | null;
  /** The conversation's language (BCP 47) the widget sent, for routing's language rules. */
  language?: string | null;
  demo: boolean;
}

/** The contact consent box's evidence: the exact sentence, its hash, when it was sent. */
export interface ContactConsent {
  text: string;
  version: string;
  givenAt: string;
}

const KEY = /^[A-Za-z0-9._:-]{1,128}$/;
const ID = /^[A-Za-z0-9._:-]{1,200}$/;
const URL_MAX = 2048;
const CONSENT_TEXT_MAX = 4000;

/** True for a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = fieldText;

export function optionalId(value: unknown, field: string): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'string' || !ID.test(value)) {
    throw IngestError.field(field, 'must be an id of letters, digits, . _ : - (or null)');
  }
  return value;
}

const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * True for a time the database can hold and the ISO form writes with four digits: years 1 to
 * 9999 in UTC (JavaScript takes `+275760-…` and `0000-…`, PostgreSQL refuses them).
 */
export function isStorableDate(date: Date): boolean {
  const time = date.getTime();
  return time >= FIRST_STORABLE && time <= LAST_STORABLE;
}

/** An ISO 8601 instant with its offset, as the widget writes `capturedAt`. */
export function instant(value: unknown, field: string): string {
  const date = typeof value === 'string' && value.length <= 40 ? new Date(value) : null;
  if (date === null || !isStorableDate(date) || !/^\d{4}-\d\d-\d\dT/.test(String(value))) {
    throw IngestError.field(field, 'must be an ISO 8601 date and time, like 2026-11-28T14:00:00Z');
  }
  return date.toISOString();
}

/** Half of a surrogate pair without its other half: not text, and no database stores it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Refuses a value read from a body when any text in it holds a NUL character or a lone
 * surrogate, which PostgreSQL cannot store: a 400 naming the field (its path from `path`),
 * instead of a failed insert that would tell the sender to retry forever.
 */
export function refuseUnstorableText(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000') || LONE_SURROGATE.test(value)) {
      throw IngestError.field(
        path || 'body',
        'must be text without NUL characters or lone surrogates',
      );
    }
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      refuseUnstorableText(item, `${path}[${index}]`);
    }
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      refuseUnstorableText(item, path === '' ? key : `${path}.${key}`);
    }
  }
}

/** Where the visitor came from (`visitSource`), its parts checked by the widget's rules. */
export function visitSource(value: unknown): VisitSource | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (!isRecord(value)) {
    throw IngestError.field(
      'visitSource',
      'must be an object like { "utmSource", "referrerHost" }',
    );
  }
  return readVisitSource(value);
}

/** A page URL: http(s) only, kept as text. */
export function pageUrl(value: unknown, field: string): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'string' || value.length > URL_MAX || !/^https?:\/\//i.test(value)) {
    throw IngestError.field(field, 'must be an http(s) URL of at most 2048 characters');
  }
  return value;
}

/** The conversation's language as a BCP 47 tag (`fr-CA`), or null when not sent. */
export function languageTag(value: unknown, field: string): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'string' || !isLanguageTag(value)) {
    throw IngestError.field(field, 'must be a BCP 47 language tag, like "en" or "fr-CA"');
  }
  return value;
}

/**
 * A listing from the widget's attributes or the platform's variables, its values cleaned; a URL
 * that is not http(s) is left out.
 */
export function parseListing(value: unknown): ListingContext {
  if (value === undefined || value === null) {
    return {};
  }
  if (!isRecord(value)) {
    throw IngestError.field('listing', 'must be an object like { "address", "price", "id" }');
  }
  const listing: Record<string, string> = {};
  for (const key of Object.values(LISTING_ATTRIBUTES)) {
    // Only an http(s) URL is kept, as the widget keeps it: a `javascript:` one would reach the
    // CRM as the lead's source.
    const cleaned = key === 'url' ? cleanUrl(value[key]) : text(value[key]);
    if (cleaned !== undefined) {
      listing[key] = cleaned;
    }
  }
  return listing;
}

/** Where a body names each broken field rule, and what the field must be. */
const FIELD_EXPECTED: Record<FieldRule, readonly [field: string, expected: string]> = {
  contact: ['fields.phone', 'or fields.email is required (at least one)'],
  phone: ['fields.phone', 'must be a number that can be dialled (7 to 15 digits)'],
  email: ['fields.email', 'must be an email address like name@example.com'],
  intent: ['fields.intent', `must be one of ${LEAD_INTENTS.join(', ')}`],
  consent_to_contact: ['fields.consentToContact', 'must be true or false'],
  do_not_contact: ['fields.doNotContact', 'must be true or false'],
  preferred_times: ['fields.preferredTimes', 'must list at least one time, as words'],
};

/** The rule each ask-again phrase stands for: the checks name a broken rule by its phrase. */
const RULE_OF = new Map(
  (Object.entries(ASK_AGAIN) as [FieldRule, string][]).map(([rule, phrase]) => [phrase, rule]),
);

/** The fields, or an {@link IngestError} naming the first broken rule's field. */
function soundFields<T>(checked: Checked<T>): T {
  if (checked.ok) {
    return checked.fields;
  }
  const rule = RULE_OF.get(checked.askAgain[0] ?? '') ?? 'contact';
  const [field, expected] = FIELD_EXPECTED[rule];
  throw IngestError.field(field, expected);
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A body's fields, spelled as the widget's capture spells them (`consentToContact`,
 * `preferredTimes`, `doNotContact`), read as the tools' arguments (`consent_to_contact`, …). A
 * lead's `consentToContact` is the body's own: the widget sends the visitor's tick on the contact
 * card there, and what the model heard as `spokenConsent`.
 */
function bodyFields(
  kind: IncomingCapture['kind'],
  fields: Record<string, unknown>,
  listing: ListingContext,
): LeadFields | ViewingFields {
  const consent = fields.consentToContact ?? fields.consent_to_contact;
  const args = {
    ...fields,
    consent_to_contact: consent,
    do_not_contact: fields.doNotContact ?? fields.do_not_contact,
    preferred_times: fields.preferredTimes ?? fields.preferred_times,
  };
  if (kind !== 'lead') {
    return soundFields(checkViewingArguments(args, listingLabel(listing)));
  }
  return compact({
    ...soundFields(checkLeadArguments(args)),
    consentToContact: consent === true,
    spokenConsent: typeof fields.spokenConsent === 'boolean' ? fields.spokenConsent : undefined,
  });
}

/**
 * A "Talk to a person" request's fields as a lead's: the name and number to call, the box, and
 * a note of what was asked, so the desk and the CRM read it without knowing the widget's kind.
 */
function callbackFields(body: Record<string, unknown>): LeadFields {
  const fields = body.fields as Record<string, unknown>;
  const when =
    body.urgent === true
      ? 'call now'
      : `call back at ${typeof body.requestedTime === 'string' ? body.requestedTime : 'the next opening'}`;
  if (fields.phone === undefined) {
    throw IngestError.field('fields.phone', 'is required: the number to call');
  }
  return compact({
    ...soundFields(checkLeadArguments({ name: fields.name, phone: fields.phone })),
    notes: `Asked to talk to a person: ${when}.`,
    consentToContact: fields.consentToContact === true,
  });
}

function parseContactConsent(value: unknown): ContactConsent | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  const sentence = isRecord(value) ? text(value.text, CONSENT_TEXT_MAX) : undefined;
  if (
    !isRecord(value) ||
    sentence === undefined ||
    typeof value.version !== 'string' ||
    !KEY.test(value.version)
  ) {
    throw IngestError.field('contactConsent', 'must be the box’s text and version the widget sent');
  }
  return {
    text: sentence,
    version: value.version,
    givenAt: instant(value.givenAt, 'contactConsent.givenAt'),
  };
}

/** The disclosure the visitor agreed to, as the widget sends it. */
export function parseConsent(value: unknown): ConsentEvidence | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (!isRecord(value) || typeof value.version !== 'string' || !KEY.test(value.version)) {
    throw IngestError.field('consent.version', 'must be the disclosure version the widget sent');
  }
  return {
    version: value.version,
    text: text(value.text, CONSENT_TEXT_MAX) ?? null,
    acceptedAt: instant(value.acceptedAt, 'consent.acceptedAt'),
  };
}

/**
 * Checks the body the widget POSTs to `lead-endpoint` (pure): the capture of
 * `widget/leads/capture.ts`, with its consent evidence. Unknown keys are dropped; text is
 * cleaned as the widget cleans it. Throws {@link IngestError} naming the first bad field.
 */
export function parseCaptureBody(body: unknown): IncomingCapture {
  if (!isRecord(body)) {
    throw IngestError.field('body', 'must be a JSON object');
  }
  if (typeof body.idempotencyKey !== 'string' || !KEY.test(body.idempotencyKey)) {
    throw IngestError.field('idempotencyKey', 'must be 1-128 letters, digits, or . _ : -');
  }
  const callback = body.kind === 'callback';
  if (body.kind !== 'lead' && body.kind !== 'viewing-request' && !callback) {
    throw IngestError.field(
      'kind',
      'must be "lead", "viewing-request", "callback", "conversation" or "feedback"',
    );
  }
  if (!isRecord(body.fields)) {
    throw IngestError.field('fields', 'must be an object');
  }
  const listing = parseListing(body.listing);
  const kind: IncomingCapture['kind'] =
    body.kind === 'viewing-request' ? 'viewing-request' : 'lead';
  const capture: IncomingCapture = {
    kind,
    idempotencyKey: body.idempotencyKey,
    conversationId: optionalId(body.conversationId, 'conversationId'),
    toolCallId: optionalId(body.toolCallId, 'toolCallId'),
    capturedAt: instant(body.capturedAt, 'capturedAt'),
    listing,
    fields: callback ? callbackFields(body) : bodyFields(kind, body.fields, listing),
    ...(callback && {
      callback: {
        urgent: body.urgent === true,
        requestedTime:
          body.requestedTime == null ? null : instant(body.requestedTime, 'requestedTime'),
      },
    }),
    consent: parseConsent(body.consent),
    ...compact({ contactConsent: parseContactConsent(body.contactConsent) }),
    pageUrl: pageUrl(body.pageUrl, 'pageUrl'),
    visitSource: body.consent == null ? null : visitSource(body.visitSource),
    ...compact({ language: languageTag(body.language, 'language') ?? undefined }),
    demo: body.demo === true,
  };
  refuseUnstorableText(capture, '');
  return capture;
}

/** The lead tools the desk answers for the platform. */
export const DESK_TOOLS = ['capture_lead', 'request_viewing'] as const;

/** `capture_lead` or `request_viewing`. */
export type DeskTool = (typeof DESK_TOOLS)[number];

/** What a platform message says around its tool calls: the same for each of its calls. */
export interface ToolCallContext {
  conversationId: string | null;
  listing: ListingContext;
  capturedAt: string;
  consent: ConsentEvidence | null;
  pageUrl: string | null;
}

/** A tool call's capture, or what to ask the caller again. */
export type ToolCallCapture = { capture: IncomingCapture } | { askAgain: readonly string[] };

/**
 * The platform's door: one `capture_lead` or `request_viewing` call, its arguments checked by
 * the rules the widget's tools use, so the assistant hears the same things to ask again. The
 * idempotency key is derived from the call, so the platform's retries store it once.
 */
export function captureFromToolCall(
  tool: DeskTool,
  toolCallId: string,
  args: Readonly<Record<string, unknown>>,
  context: ToolCallContext,
): ToolCallCapture {
  const lead = tool === 'capture_lead';
  const read = lead
    ? checkLeadArguments(args)
    : checkViewingArguments(args, listingLabel(context.listing));
  if (!read.ok) {
    return { askAgain: read.askAgain };
  }
  const key = `platform:${context.conversationId ?? 'none'}:${toolCallId}`.slice(0, 128);
  return {
    capture: {
      kind: lead ? 'lead' : 'viewing-request',
      idempotencyKey: key.replace(/[^A-Za-z0-9._:-]/g, '_'),
      conversationId: context.conversationId,
      toolCallId: ID.test(toolCallId) ? toolCallId : null,
      capturedAt: context.capturedAt,
      listing: context.listing,
      fields: read.fields,
      consent: context.consent,
      pageUrl: context.pageUrl,
      demo: false,
    },
  };
}
