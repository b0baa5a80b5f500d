import { paths } from '../paths.ts';

/**
 * The listing the offline demo talks about, as the demo states it (`widget/demo/listing-facts.ts`;
 * a unit test keeps the two equal). Written out here rather than imported: the demo's facts module
 * sits beside its whole script, which must stay in the demo's lazy chunk.
 */
export const DEMO_LISTING = {
  address: '14 Linden Court',
  price: '$450,000',
  agent: 'Daniel',
} as const;

/**
 * The demo listing has no MLS number of its own; this stand-in id lets a lead from the demo show
 * the field a real listing page fills.
 */
export const DEMO_LISTING_ID = 'MRR-14-LINDEN';

/**
 * The listing attributes (docs/behaviour.md#leads) of the demo's listing. Its page on this site
 * is the landing page, where the hero's chat shows it.
 */
export function demoListingAttributes(): Record<string, string> {
  return {
    'listing-address': DEMO_LISTING.address,
    'listing-price': DEMO_LISTING.price,
    'listing-id': DEMO_LISTING_ID,
    'listing-url': paths.landing.getHref(),
    'agent-name': DEMO_LISTING.agent,
  };
}
