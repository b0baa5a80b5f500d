import { logger } from '../../call/logger.ts';
import {
  cleanListing,
  type ListingAttribute,
  type ListingContext,
  type ListingVariables,
  listingFromAttributes,
  listingVariables,
  mergeListings,
} from './listing-context.ts';

/** The value of the `listing` attribute that reads the page's JSON-LD. */
export const LISTING_AUTO = 'auto';

/** The text of every `<script type="application/ld+json">` under `root`, in page order. */
export function readJsonLdBlocks(root: ParentNode): string[] {
  return Array.from(
    root.querySelectorAll('script[type="application/ld+json" i]'),
    (script) => script.textContent ?? '',
  );
}

/** What {@link readListingContext} needs from the page and the element. */
export interface ListingSource {
  /** The element's `getAttribute` for the listing attributes and `listing`. */
  getAttribute(name: ListingAttribute | 'listing'): string | null;
  /** The host document (read only when `listing="auto"`). */
  document: Document;
  /** Where warnings go; the call client's logger unless a test injects one. */
  warn?: (message: string) => void;
}

/** The listing the call is about, and the variables to send with it. */
export interface PageListing {
  listing: ListingContext;
  variables: ListingVariables;
}

/**
 * The listing context of a conversation: the listing attributes, and with `listing="auto"` the
 * page's JSON-LD under them (an attribute wins over JSON-LD, field by field). Malformed JSON-LD
 * is skipped with one warning and never fails the call (docs/behaviour.md#leads). The JSON-LD
 * reader loads only for `listing="auto"`, so pages that set attributes never fetch it.
 */
export async function readListingContext(source: ListingSource): Promise<PageListing> {
  const base = source.document.baseURI;
  const fromAttributes = listingFromAttributes((name) => source.getAttribute(name), base);
  let listing = fromAttributes;
  if (source.getAttribute('listing')?.trim().toLowerCase() === LISTING_AUTO) {
    const { extractListingFromJsonLd } = await import('./json-ld/json-ld.ts');
    const found = extractListingFromJsonLd(readJsonLdBlocks(source.document), (raw) =>
      cleanListing(raw, base),
    );
    if (found.malformed > 0) {
      const warn = source.warn ?? ((message: string) => logger.warn(message));
      warn(`skipped ${found.malformed} malformed JSON-LD block(s) while reading the listing`);
    }
    listing = mergeListings(fromAttributes, found.listing);
  }
  return { listing, variables: listingVariables(listing, source.document.location?.href) };
}
