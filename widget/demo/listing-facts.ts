import { CLIPS } from './script.ts';

/**
 * What the offline demo assistant knows about its one listing: the facts its recorded lines
 * state (script.ts), as data, so typed questions get the same answers the voice gives.
 */
export const LISTING = {
  address: '14 Linden Court',
  price: '$450,000',
  bedrooms: 3,
  baths: 2,
  features: ['a renovated kitchen', 'a fenced backyard'],
  viewingDay: 'Saturday',
  slots: ['2:00 PM', '4:00 PM'],
  agent: 'Daniel',
  brokerage: 'Maple Ridge Realty',
} as const;

/** One viewing time the demo can book. */
export type Slot = (typeof LISTING.slots)[number];

/** The recorded lines whose audio may answer a typed question during a demo call. */
export const SPOKEN_ANSWERS = {
  greeting: CLIPS.greeting.text,
  listing: CLIPS.listing.text,
  slots: CLIPS.slots.text,
} as const;
