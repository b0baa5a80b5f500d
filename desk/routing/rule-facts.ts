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
