import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanText } from '../../widget/leads/page/clean-text.ts';
import { extractListingFromJsonLd } from '../../widget/leads/page/json-ld/json-ld.ts';
import {
  cleanListing,
  LISTING_VARIABLE_NAMES,
  listingFromAttributes,
  listingVariables,
} from '../../widget/leads/page/listing-context.ts';
import { readJsonLdBlocks, readListingContext } from '../../widget/leads/page/page-listing.ts';

const BASE =
  'https://maple-ridge.example/listings/14-linden-court?utm_source=mail&email=a@b.co#photos';
const json = (value: unknown) => JSON.stringify(value);
const extract = (...blocks: unknown[]) =>
  extractListingFromJsonLd(
    blocks.map((b) => (typeof b === 'string' ? b : json(b))),
    (raw) => cleanListing(raw, BASE),
  );

const POSTAL = {
  '@type': 'PostalAddress',
  streetAddress: '14 Linden Court',
  addressLocality: 'Maple Ridge',
  addressRegion: 'BC',
  postalCode: 'V2X 1A1',
  addressCountry: 'CA',
};
const LINE = '14 Linden Court, Maple Ridge, BC V2X 1A1, CA';

describe('JSON-LD listing extraction', () => {
  it('reads a RealEstateListing with its offer, residence, MLS number and agent', () => {
    const { listing, malformed } = extract({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: '/listings/14-linden-court',
      identifier: { '@type': 'PropertyValue', propertyID: 'MLS', value: 'R2901234' },
      about: { '@type': 'SingleFamilyResidence', address: POSTAL },
      offers: {
        '@type': 'Offer',
        price: 450000,
        priceCurrency: 'CAD',
        seller: { '@type': 'RealEstateAgent', name: 'Daniel Okafor' },
      },
    });
    expect(malformed).toBe(0);
    expect(listing).toEqual({
      address: LINE,
      price: '450000 CAD',
      id: 'R2901234',
      url: 'https://maple-ridge.example/listings/14-linden-court',
      agentName: 'Daniel Okafor',
    });
  });

  it('reads an Offer and the residence it offers', () => {
    const { listing } = extract({
      '@type': 'Offer',
      priceSpecification: { price: '2,300', priceCurrency: 'USD' },
      sku: 'MLS-7781',
      offeredBy: { '@type': 'Person', name: 'Priya Shah' },
      itemOffered: { '@type': 'Apartment', address: '8 Harbour St, Unit 5' },
    });
    expect(listing).toEqual({
      address: '8 Harbour St, Unit 5',
      price: '2,300 USD',
      id: 'MLS-7781',
      agentName: 'Priya Shah',
    });
  });

  it.each(['Residence', 'SingleFamilyResidence', 'House', 'Apartment'])(
    'reads a %s that has an address',
    (type) => {
      expect(extract({ '@type': type, address: POSTAL }).listing).toEqual({ address: LINE });
    },
  );

  it('takes types written as arrays or full schema.org IRIs', () => {
    expect(
      extract({ '@type': ['Product', 'https://schema.org/House'], address: POSTAL }).listing,
    ).toEqual({ address: LINE });
  });

  it('ignores residences without an address and unrelated types', () => {
    expect(
      extract(
        { '@type': 'House', name: 'A house' },
        { '@type': 'Organization', name: 'Maple Ridge Realty', address: POSTAL },
      ).listing,
    ).toEqual({});
  });

  it('walks @graph arrays and follows @id references', () => {
    const { listing } = extract({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': '#site', name: 'Maple Ridge Realty' },
        { '@type': 'House', '@id': '#home', address: POSTAL },
        {
          '@type': 'Offer',
          '@id': '#offer',
          price: '450000',
          priceCurrency: 'CAD',
          itemOffered: { '@id': '#home' },
        },
      ],
    });
    expect(listing).toEqual({ address: LINE, price: '450000 CAD' });
  });

  it('reads top-level arrays and prefers a listing node over an offer over a residence', () => {
    const { listing } = extract([
      { '@type': 'House', address: '1 Elsewhere Rd', url: 'https://maple-ridge.example/house' },
      { '@type': 'Offer', price: 1, itemOffered: { '@type': 'House', address: '2 Offer Ave' } },
      { '@type': 'RealEstateListing', about: { '@type': 'House', address: '3 Listing Ln' } },
    ]);
    expect(listing).toEqual({
      address: '3 Listing Ln',
      price: '1',
      url: 'https://maple-ridge.example/house',
    });
  });

  it('skips malformed blocks, counts them, and still reads the good ones', () => {
    const result = extract('{ "@type": "House", ', 'not json', {
      '@type': 'House',
      address: POSTAL,
    });
    expect(result).toEqual({ listing: { address: LINE }, malformed: 2 });
  });

  it('cleans what it reads: control characters, whitespace, 500 characters, unsafe URLs', () => {
    const { listing } = extract({
      '@type': 'RealEstateListing',
      address: `  14 Linden\u0000 Court\n\tMaple Ridge  `,
      url: 'javascript:alert(1)',
      offers: { '@type': 'Offer', price: 'x'.repeat(900) },
    });
    expect(listing).toEqual({ address: '14 Linden Court Maple Ridge', price: 'x'.repeat(500) });
  });
});

describe('listing attributes and variables', () => {
  const attributes =
    (values: Record<string, string>) =>
    (name: string): string | null =>
      values[name] ?? null;

  it('reads the five attributes, cleaned', () => {
    const listing = listingFromAttributes(
      attributes({
        'listing-address': ' 14 Linden Court ',
        'listing-price': '$450,000',
        'listing-id': 'R2901234\u0007',
        'listing-url': '/listings/14',
        'agent-name': 'Daniel',
      }),
      BASE,
    );
    expect(listing).toEqual({
      address: '14 Linden Court',
      price: '$450,000',
      id: 'R2901234',
      url: 'https://maple-ridge.example/listings/14',
      agentName: 'Daniel',
    });
  });

  it('names the variables as documented and keeps the page URL without query or fragment', () => {
    const variables = listingVariables(
      {
        address: '14 Linden Court',
        price: '$450,000',
        id: 'R1',
        url: 'https://x.example/',
        agentName: 'Daniel',
      },
      BASE,
    );
    expect(Object.keys(variables)).toEqual([...LISTING_VARIABLE_NAMES]);
    expect(variables).toEqual({
      listing_address: '14 Linden Court',
      listing_price: '$450,000',
      listing_id: 'R1',
      listing_url: 'https://x.example/',
      agent_name: 'Daniel',
      page_url: 'https://maple-ridge.example/listings/14-linden-court',
    });
    expect(listingVariables({})).toEqual({});
  });

  it('cleanText trims, drops control characters and caps on code points', () => {
    expect(cleanText(' a\u0001b\u009f\r\nc ', 10)).toBe('ab c');
    expect(cleanText('😀'.repeat(3), 2)).toBe('😀😀');
    expect(cleanText(42, 10)).toBe('42');
    expect(cleanText({}, 10)).toBeNull();
    expect(cleanText(' \u0000 ', 10)).toBeNull();
  });
});

describe('readListingContext on a page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  function addJsonLd(text: string): void {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = text;
    document.body.append(script);
  }

  function element(values: Record<string, string>) {
    return { getAttribute: (name: string) => values[name] ?? null };
  }

  it('with listing="auto", attributes win over JSON-LD field by field', async () => {
    addJsonLd(json({ '@type': 'House', address: POSTAL, url: 'https://maple-ridge.example/h' }));
    addJsonLd(json({ '@type': 'Offer', price: 450000, priceCurrency: 'CAD' }));
    const warn = vi.fn();
    const { listing, variables } = await readListingContext({
      ...element({
        listing: 'auto',
        'listing-price': 'Just reduced: $440,000',
        'agent-name': 'Daniel',
      }),
      document,
      warn,
    });
    expect(listing).toEqual({
      address: LINE,
      price: 'Just reduced: $440,000',
      url: 'https://maple-ridge.example/h',
      agentName: 'Daniel',
    });
    expect(variables.listing_price).toBe('Just reduced: $440,000');
    expect(variables.listing_address).toBe(LINE);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns once for any number of malformed blocks, never throws', async () => {
    addJsonLd('{ broken');
    addJsonLd('also broken');
    addJsonLd(json({ '@type': 'House', address: '9 Elm St' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { listing } = await readListingContext({ ...element({ listing: 'auto' }), document });
    expect(listing).toEqual({ address: '9 Elm St' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('2 malformed JSON-LD block(s)');
    warn.mockRestore();
  });

  it('ignores JSON-LD unless listing="auto"', async () => {
    addJsonLd(json({ '@type': 'House', address: '9 Elm St' }));
    expect((await readListingContext({ ...element({}), document })).listing).toEqual({});
    expect(readJsonLdBlocks(document)).toHaveLength(1);
  });
});
