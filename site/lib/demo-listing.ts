import { LISTING } from '../../widget/demo/listing-facts.ts';
import { paths } from '../paths.ts';

/**
 * The demo listing has no MLS number of its own; this stand-in id lets a lead from the demo show
 * the field a real listing page fills.
 */
export const DEMO_LISTING_ID = 'MRR-14-LINDEN';

/**
 * The listing attributes (docs/behaviour.md#leads) of the listing the offline demo talks about,
 * taken from the demo's own facts so the site, the voice and the lead agree. Its page on this site
 * is the landing page, where the hero's chat shows it.
 */
export function demoListingAttributes(): Record<string, string> {
  return {
    'listing-address': LISTING.address,
    'listing-price': LISTING.price,
    'listing-id': DEMO_LISTING_ID,
    'listing-url': paths.landing.getHref(),
    'agent-name': LISTING.agent,
  };
}
