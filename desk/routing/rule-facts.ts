import type { ListingContext } from '../../widget/leads/page/listing-context.ts';
import type { VisitSource } from '../../widget/leads/rules/visit-source.ts';
import type { RuleKind } from './rules-contract.ts';

/**
 * What routing rules look at about a lead (docs/inbox.md#routing): the capture's listing, its
 * kind and language, the page and source it came from, and whether the office was open.
 */
export interface RoutingFacts {
  listingId: string | null;
  listingAgent: string | null;
  address: string | null;
  /** The listing's price as its text says it ("$1,250,000"); parsed by the price condition. */
  price: string | null;
  kind: RuleKind;
  /** A BCP 47 tag ("fr-CA"); conditions compare its primary subtag. */
  language: string | null;
  /** The path of the page the capture came from ("/listings/12"). */
  pagePath: string | null;
  /** utm_source, else the referrer's host, else 'direct'. */
  source: string;
  officeOpen: boolean;
}

/** The path of a page URL, or null when there is none or it does not parse. */
export function pathOf(pageUrl: string | null | undefined): string | null {
  if (!pageUrl) {
    return null;
  }
  try {
    return new URL(pageUrl).pathname;
  } catch {
    return null;
  }
}

/** The source a rule names: utm_source, else the referrer's host, else 'direct'. */
export function sourceOf(source: VisitSource | null | undefined): string {
  return source?.utmSource ?? source?.referrerHost ?? 'direct';
}

/** The facts of a capture as the desk received it (pure). */
export function captureFacts(capture: {
  kind: 'lead' | 'viewing-request';
  listing: ListingContext;
  language?: string | null;
  pageUrl: string | null;
  visitSource?: VisitSource | null;
  officeOpen: boolean;
}): RoutingFacts {
  return {
    listingId: capture.listing.id ?? null,
    listingAgent: capture.listing.agentName ?? null,
    address: capture.listing.address ?? null,
    price: capture.listing.price ?? null,
    kind: capture.kind === 'viewing-request' ? 'viewing' : 'lead',
    language: capture.language ?? null,
    pagePath: pathOf(capture.pageUrl),
    source: sourceOf(capture.visitSource),
    officeOpen: capture.officeOpen,
  };
}

const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6 };

/**
 * A price from a listing's text (pure): "$1,250,000", "1250000", "$1.2M", "850k". Null when the
 * text holds no number.
 */
export function parsePrice(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') {
    return Number.isFinite(text) ? text : null;
  }
  const match = /(\d[\d,]*(?:\.\d+)?)\s*([kKmM])?\b/.exec(text ?? '');
  if (!match?.[1]) {
    return null;
  }
  const value = Number(match[1].replaceAll(',', ''));
  const multiplier = MULTIPLIERS[(match[2] ?? '').toLowerCase()] ?? 1;
  return Number.isFinite(value) ? value * multiplier : null;
}

/** A sample lead as the Routing page's "Try a lead" sends it. */
export interface SampleFacts {
  facts: Omit<RoutingFacts, 'officeOpen'>;
  /** When it arrives (office hours are read at this time); null: now. */
  at: Date | null;
}

/**
 * Reads a sample lead (pure): its parts are optional text but `kind`, which is 'lead' or
 * 'viewing'. Returns the name of the first bad part instead when there is one.
 */
export function readSample(value: unknown): SampleFacts | { bad: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { bad: 'sample' };
  }
  const v = value as Record<string, unknown>;
  const texts = ['listingId', 'listingAgent', 'address', 'language', 'pagePath', 'source', 'at'];
  const bad = texts.find((k) => v[k] != null && (typeof v[k] !== 'string' || v[k].length > 2048));
  if (bad !== undefined) {
    return { bad: `sample.${bad}` };
  }
  if (v.kind !== 'lead' && v.kind !== 'viewing') {
    return { bad: 'sample.kind' };
  }
  const price = v.price;
  if (price != null && typeof price !== 'string' && typeof price !== 'number') {
    return { bad: 'sample.price' };
  }
  const at = typeof v.at === 'string' ? new Date(v.at) : null;
  if (at !== null && Number.isNaN(at.getTime())) {
    return { bad: 'sample.at' };
  }
  const text = (k: string) => (typeof v[k] === 'string' && v[k] !== '' ? v[k] : null);
  return {
    facts: {
      listingId: text('listingId'),
      listingAgent: text('listingAgent'),
      address: text('address'),
      price: price == null ? null : String(price),
      kind: v.kind,
      language: text('language'),
      pagePath: text('pagePath'),
      source: text('source') ?? 'direct',
    },
    at,
  };
}
