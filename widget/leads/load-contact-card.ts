/**
 * The lazy boundary of the `contact-card` chunk (docs/architecture.md, the chunk map): the card
 * where the visitor checks a capture with a phone number, fetched when the first one arrives.
 */
export const loadContactCard = () => import('./card/contact-card.ts');
