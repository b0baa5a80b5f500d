/**
 * The two lead numbers the UI chunk needs before any capture (reading the page's listing, and
 * asking whether leads wait on the device). Apart from constants.ts, which re-exports them, so
 * the lazy lead chunk's numbers do not ride in the UI chunk (docs/behaviour.md#leads).
 */

/** Each listing value sent to the platform is cut to this many characters. */
export const LISTING_VALUE_MAX_CHARS = 500;

/** Delivery: the `localStorage` key that holds captures waiting to be sent. */
export const PENDING_STORAGE_KEY = 'voice-assistant:pending-leads';
