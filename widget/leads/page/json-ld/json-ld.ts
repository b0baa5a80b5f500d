import type { ListingContext } from '../listing-context.ts';

type JsonObject = Record<string, unknown>;

/** The residence types read when they carry an `address` (schema.org). */
const RESIDENCE_TYPES = new Set(['Residence', 'SingleFamilyResidence', 'House', 'Apartment']);

/** What {@link extractListingFromJsonLd} found. */
export interface JsonLdListing {
  /** The listing fields found, cleaned; empty when the page describes none. */
  listing: ListingContext;
  /** How many blocks were not valid JSON and were skipped (the caller warns once). */
  malformed: number;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  // Types may be written as full IRIs (https://schema.org/House).
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
}

/** Every object of a parsed block: top-level arrays and `@graph` arrays are flattened. */
function collectNodes(value: unknown, into: JsonObject[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      collectNodes(item, into);
    }
  } else if (isObject(value)) {
    into.push(value);
    if (value['@graph'] !== undefined) {
      collectNodes(value['@graph'], into);
    }
  }
}

/** Reads JSON-LD properties, following `{ "@id": … }` references to nodes of the same page. */
class NodeReader {
  readonly #byId = new Map<string, JsonObject>();

  constructor(nodes: readonly JsonObject[]) {
    for (const node of nodes) {
      const id = node['@id'];
      if (typeof id === 'string' && Object.keys(node).length > 1) {
        this.#byId.set(id, node);
      }
    }
  }

  /** The first value of a property (arrays give their first item), references resolved. */
  get(node: JsonObject | undefined, key: string): unknown {
    const raw = node?.[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) {
      return this.#byId.get(value['@id']) ?? value;
    }
    return value;
  }

  object(node: JsonObject | undefined, key: string): JsonObject | undefined {
    const value = this.get(node, key);
    return isObject(value) ? value : undefined;
  }

  /** A PostalAddress as one line, or an address already written as text. */
  address(node: JsonObject | undefined): string | undefined {
    const value = this.get(node, 'address');
    if (typeof value === 'string') {
      return value;
    }
    if (!isObject(value)) {
      return undefined;
    }
    const country = this.get(value, 'addressCountry');
    const parts = [
      this.get(value, 'streetAddress'),
      this.get(value, 'addressLocality'),
      [this.get(value, 'addressRegion'), this.get(value, 'postalCode')]
        .filter((p) => typeof p === 'string' || typeof p === 'number')
        .join(' '),
      isObject(country) ? this.get(country, 'name') : country,
    ];
    const line = parts
      .filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
      .map((p) => String(p).trim())
      .filter((p) => p !== '')
      .join(', ');
    return line === '' ? undefined : line;
  }

  /** `price` with `priceCurrency` (also inside a `priceSpecification`), as `450000 USD`. */
  price(offer: JsonObject | undefined): string | undefined {
    const spec = this.object(offer, 'priceSpecification');
    const price = this.get(offer, 'price') ?? this.get(spec, 'price');
    if (typeof price !== 'string' && typeof price !== 'number') {
      return undefined;
    }
    const currency = this.get(offer, 'priceCurrency') ?? this.get(spec, 'priceCurrency');
    return typeof currency === 'string' && currency.trim() !== ''
      ? `${price} ${currency.trim()}`
      : String(price);
  }

  /** An identifier as text: a plain value or a PropertyValue's `value` (an MLS number). */
  identifier(node: JsonObject | undefined): string | undefined {
    for (const key of ['identifier', 'sku', 'productID', 'serialNumber']) {
      const value = this.get(node, key);
      const text = isObject(value) ? this.get(value, 'value') : value;
      if (typeof text === 'string' || typeof text === 'number') {
        return String(text);
      }
    }
    return undefined;
  }

  /** The name of the agent, broker or seller a listing or offer names. */
  agentName(node: JsonObject | undefined): string | undefined {
    for (const key of ['agent', 'broker', 'seller', 'offeredBy', 'provider', 'author']) {
      const value = this.get(node, key);
      const name = isObject(value) ? this.get(value, 'name') : undefined;
      if (typeof name === 'string') {
        return name;
      }
    }
    return undefined;
  }
}

type RawListing = Partial<Record<keyof ListingContext, unknown>>;

function fromResidence(r: NodeReader, node: JsonObject | undefined): RawListing {
  return { address: r.address(node), id: r.identifier(node), url: r.get(node, 'url') };
}

function fromOffer(r: NodeReader, offer: JsonObject): RawListing {
  const item = r.object(offer, 'itemOffered');
  return {
    ...fromResidence(r, item),
    price: r.price(offer),
    id: r.identifier(offer) ?? r.identifier(item),
    url: r.get(offer, 'url') ?? r.get(item, 'url'),
    agentName: r.agentName(offer),
  };
}

function fromRealEstateListing(r: NodeReader, node: JsonObject): RawListing {
  const offer = r.object(node, 'offers');
  const about = r.object(node, 'about') ?? r.object(node, 'mainEntity');
  const fromAbout = fromResidence(r, about);
  const fromItsOffer = offer ? fromOffer(r, offer) : {};
  return {
    address: r.address(node) ?? fromAbout.address ?? fromItsOffer.address,
    price: fromItsOffer.price,
    id: r.identifier(node) ?? fromItsOffer.id ?? fromAbout.id,
    url: r.get(node, 'url') ?? fromItsOffer.url ?? fromAbout.url,
    agentName: r.agentName(node) ?? fromItsOffer.agentName,
  };
}

/** Field by field, the first defined value wins. */
function firstDefined(listings: readonly RawListing[]): RawListing {
  const merged: RawListing = {};
  for (const listing of listings) {
    for (const [key, value] of Object.entries(listing) as [keyof ListingContext, unknown][]) {
      if (merged[key] === undefined && value !== undefined && value !== null) {
        merged[key] = value;
      }
    }
  }
  return merged;
}

/**
 * Finds the listing a page describes in its schema.org JSON-LD: the text of each
 * `<script type="application/ld+json">` block, in page order. Read are `RealEstateListing`
 * (with its `offers` and `about`), `Offer` (with its `itemOffered`), and `Residence`,
 * `SingleFamilyResidence`, `House` and `Apartment` that have an `address`; top-level arrays,
 * `@graph` arrays and `@id` references are followed. When several nodes describe the listing,
 * a listing node is preferred over an offer, and an offer over a bare residence, field by field.
 * The fields are passed through `clean` (listing-context's `cleanListing`, which resolves a
 * relative `url` against the page): it is a parameter so that this lazily loaded reader shares
 * no module with the UI chunk. Blocks that are not JSON are skipped and counted.
 * Pure: no DOM, no logging.
 */
export function extractListingFromJsonLd(
  blocks: readonly string[],
  clean: (raw: Partial<Record<keyof ListingContext, unknown>>) => ListingContext,
): JsonLdListing {
  const nodes: JsonObject[] = [];
  let malformed = 0;
  for (const block of blocks) {
    try {
      collectNodes(JSON.parse(block), nodes);
    } catch {
      malformed += 1;
    }
  }
  const r = new NodeReader(nodes);
  const listings: RawListing[] = [];
  const offers: RawListing[] = [];
  const residences: RawListing[] = [];
  for (const node of nodes) {
    const types = typesOf(node);
    if (types.includes('RealEstateListing')) {
      listings.push(fromRealEstateListing(r, node));
    } else if (types.includes('Offer')) {
      offers.push(fromOffer(r, node));
    } else if (types.some((t) => RESIDENCE_TYPES.has(t)) && r.address(node) !== undefined) {
      residences.push(fromResidence(r, node));
    }
  }
  return {
    listing: clean(firstDefined([...listings, ...offers, ...residences])),
    malformed,
  };
}
