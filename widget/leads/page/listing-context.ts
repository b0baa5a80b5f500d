import type { ListingContext } from '../../element/lead-details.ts';
import { cleanText } from './clean-text.ts';
import { LISTING_VALUE_MAX_CHARS } from './page-constants.ts';

export type { ListingContext };

/** The host attributes that describe the listing, and the field each one fills. */
export const LISTING_ATTRIBUTES = {
  'listing-address': 'address',
  'listing-price': 'price',
  'listing-id': 'id',
  'listing-url': 'url',
  'agent-name': 'agentName',
} as const satisfies Record<string, keyof ListingContext>;

/** One of the listing attribute names (`listing-address`…). */
export type ListingAttribute = keyof typeof LISTING_ATTRIBUTES;

/**
 * The assistant's variables, as a prompt names them (`{{listing_address}}`…), sent with the
 * call or chat in `assistantOverrides.variableValues` (docs/behaviour.md#leads).
 */
export interface ListingVariables {
  listing_address?: string;
  listing_price?: string;
  listing_id?: string;
  listing_url?: string;
  agent_name?: string;
  page_url?: string;
}

/** Every variable name, in a stable order (for docs and tests). */
export const LISTING_VARIABLE_NAMES = [
  'listing_address',
  'listing_price',
  'listing_id',
  'listing_url',
  'agent_name',
  'page_url',
] as const satisfies readonly (keyof ListingVariables)[];

/** Leaves out the keys whose value is `undefined` or empty. */
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== ''),
  ) as T;
}

/**
 * Keeps an absolute http(s) URL, resolving a relative one against `base`; anything else
 * (javascript:, data:, garbage) is dropped. The fragment never leaves the page.
 */
export function cleanUrl(value: unknown, base?: string): string | undefined {
  const text = cleanText(value, LISTING_VALUE_MAX_CHARS * 4);
  if (text === null) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return undefined;
  }
  url.hash = '';
  return url.href.length <= LISTING_VALUE_MAX_CHARS ? url.href : undefined;
}

/**
 * Cleans every field of a listing (trimmed, control characters stripped, at most
 * {@link LISTING_VALUE_MAX_CHARS} characters, URL checked) and leaves out empty ones. Pure.
 */
export function cleanListing(
  raw: Partial<Record<keyof ListingContext, unknown>>,
  base?: string,
): ListingContext {
  const text = (value: unknown) => cleanText(value, LISTING_VALUE_MAX_CHARS) ?? undefined;
  return withoutEmpty({
    address: text(raw.address),
    price: text(raw.price),
    id: text(raw.id),
    url: cleanUrl(raw.url, base),
    agentName: text(raw.agentName),
  });
}

/** Reads the listing attributes through `get` (an element's `getAttribute`), cleaned. */
export function listingFromAttributes(
  get: (name: ListingAttribute) => string | null | undefined,
  base?: string,
): ListingContext {
  const raw: Partial<Record<keyof ListingContext, unknown>> = {};
  for (const [attribute, field] of Object.entries(LISTING_ATTRIBUTES)) {
    raw[field] = get(attribute as ListingAttribute);
  }
  return cleanListing(raw, base);
}

/** Field by field, the first listing that has a value wins (attributes before JSON-LD). */
export function mergeListings(...listings: readonly ListingContext[]): ListingContext {
  return Object.assign({}, ...[...listings].reverse()) as ListingContext;
}

/**
 * The page's address as the assistant sees it: origin and path only. The query and fragment
 * are left out because they can carry a visitor's personal data (an email in a campaign link).
 */
export function pageUrlVariable(href: string): string | undefined {
  try {
    const url = new URL(href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return undefined;
    }
    return cleanText(`${url.origin}${url.pathname}`, LISTING_VALUE_MAX_CHARS) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The variables for `assistantOverrides.variableValues`; missing values are left out. */
export function listingVariables(listing: ListingContext, pageHref?: string): ListingVariables {
  return withoutEmpty({
    listing_address: listing.address,
    listing_price: listing.price,
    listing_id: listing.id,
    listing_url: listing.url,
    agent_name: listing.agentName,
    page_url: pageHref === undefined ? undefined : pageUrlVariable(pageHref),
  });
}
