import { LEAD_FIELD_MAX_CHARS, MAX_PREFERRED_TIMES } from '../../widget/leads/constants.ts';
import {
  isDialablePhone,
  isEmailWithDomain,
  LEAD_INTENTS,
  type LeadFields,
  type ViewingFields,
} from '../../widget/leads/lead-fields.ts';
import { cleanText } from '../../widget/leads/page/clean-text.ts';
import {
  LISTING_ATTRIBUTES,
  type ListingContext,
} from '../../widget/leads/page/listing-context.ts';
import { IngestError } from './ingest-error.ts';

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
  pageUrl: string | null;
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

const text = (value: unknown, max = LEAD_FIELD_MAX_CHARS) => cleanText(value, max) ?? undefined;

export function optionalId(value: unknown, field: string): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'string' || !ID.test(value)) {
    throw IngestError.field(field, 'must be an id of letters, digits, . _ : - (or null)');
  }
  return value;
}

/** An ISO 8601 instant with its offset, as the widget writes `capturedAt`. */
export function instant(value: unknown, field: string): string {
  const date = typeof value === 'string' && value.length <= 40 ? new Date(value) : null;
  if (date === null || Number.isNaN(date.getTime()) || !/\d{4}-\d\d-\d\dT/.test(String(value))) {
    throw IngestError.field(field, 'must be an ISO 8601 date and time, like 2026-11-28T14:00:00Z');
  }
  return date.toISOString();
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

function parseListing(value: unknown): ListingContext {
  if (value === undefined || value === null) {
    return {};
  }
  if (!isRecord(value)) {
    throw IngestError.field('listing', 'must be an object like { "address", "price", "id" }');
  }
  const listing: Record<string, string> = {};
  for (const key of Object.values(LISTING_ATTRIBUTES)) {
    const cleaned = text(value[key]);
    if (cleaned !== undefined) {
      listing[key] = cleaned;
    }
  }
  return listing;
}

function contact(fields: Record<string, unknown>) {
  const name = text(fields.name);
  const phone = text(fields.phone);
  const email = text(fields.email)?.replace(/\s+/g, '');
  if (phone === undefined && email === undefined) {
    throw IngestError.field('fields.phone', 'or fields.email is required (at least one)');
  }
  if (phone !== undefined && !isDialablePhone(phone)) {
    throw IngestError.field(
      'fields.phone',
      'must be a number that can be dialled (7 to 15 digits)',
    );
  }
  if (email !== undefined && !isEmailWithDomain(email)) {
    throw IngestError.field('fields.email', 'must be an email address like name@example.com');
  }
  return { name, phone, email };
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A lead's fields, checked by the rules `capture_lead` uses in the widget. */
export function parseLeadFields(fields: Record<string, unknown>): LeadFields {
  const intentText = text(fields.intent)?.toLowerCase();
  const intent = LEAD_INTENTS.find((i) => i === intentText);
  if (intentText !== undefined && intent === undefined) {
    throw IngestError.field('fields.intent', `must be one of ${LEAD_INTENTS.join(', ')}`);
  }
  const consent = fields.consentToContact ?? fields.consent_to_contact;
  if (consent !== undefined && consent !== null && typeof consent !== 'boolean') {
    throw IngestError.field('fields.consentToContact', 'must be true or false');
  }
  return compact({
    ...contact(fields),
    intent,
    timeframe: text(fields.timeframe),
    budget: text(fields.budget),
    notes: text(fields.notes),
    consentToContact: consent === true,
    spokenConsent: typeof fields.spokenConsent === 'boolean' ? fields.spokenConsent : undefined,
    doNotContact: fields.doNotContact === true ? (true as const) : undefined,
  });
}

/** A viewing request's fields, checked by the rules `request_viewing` uses in the widget. */
export function parseViewingFields(
  fields: Record<string, unknown>,
  defaultListing?: string,
): ViewingFields {
  const raw = fields.preferredTimes ?? fields.preferred_times;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const preferredTimes = list
    .map((t) => text(t))
    .filter((t): t is string => t !== undefined)
    .slice(0, MAX_PREFERRED_TIMES);
  if (preferredTimes.length === 0) {
    throw IngestError.field('fields.preferredTimes', 'must list at least one time, as words');
  }
  return compact({
    listing: text(fields.listing) ?? text(defaultListing),
    preferredTimes,
    ...contact(fields),
    consentToContact: fields.consentToContact === true ? true : undefined,
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

function parseConsent(value: unknown): ConsentEvidence | null {
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
  if (body.kind !== 'lead' && body.kind !== 'viewing-request') {
    throw IngestError.field('kind', 'must be "lead", "viewing-request" or "conversation"');
  }
  if (!isRecord(body.fields)) {
    throw IngestError.field('fields', 'must be an object');
  }
  const listing = parseListing(body.listing);
  return {
    kind: body.kind,
    idempotencyKey: body.idempotencyKey,
    conversationId: optionalId(body.conversationId, 'conversationId'),
    toolCallId: optionalId(body.toolCallId, 'toolCallId'),
    capturedAt: instant(body.capturedAt, 'capturedAt'),
    listing,
    fields:
      body.kind === 'lead'
        ? parseLeadFields(body.fields)
        : parseViewingFields(body.fields, listing.address ?? listing.id ?? listing.url),
    consent: parseConsent(body.consent),
    ...compact({ contactConsent: parseContactConsent(body.contactConsent) }),
    pageUrl: pageUrl(body.pageUrl, 'pageUrl'),
    demo: body.demo === true,
  };
}
