/**
 * The brand's name, on its own: the navigation and page titles need only this, and the rest of
 * `company.ts` (blurb, addresses, profiles) then stays with the sections that show it.
 */
export const BRAND_NAME = 'Hearthline AI';
