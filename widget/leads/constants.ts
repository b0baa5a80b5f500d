/**
 * The numbers of lead capture, gathered so tests and docs can name them
 * (docs/behaviour.md#leads).
 */

/** Each captured field (name, notes…) is cut to this many characters. */
export const LEAD_FIELD_MAX_CHARS = 500;

/** Captures accepted per conversation; further ones are refused with a tool result. */
export const MAX_CAPTURES_PER_CONVERSATION = 3;

/** Preferred viewing times kept from one `request_viewing` call. */
export const MAX_PREFERRED_TIMES = 5;

/** A dialable phone number has at least this many digits… */
export const MIN_PHONE_DIGITS = 7;

/** …and at most this many (the E.164 maximum). */
export const MAX_PHONE_DIGITS = 15;

/** Delivery: tries per capture while the page stays open (the first one included). */
export const DELIVERY_MAX_ATTEMPTS = 5;

/** Delivery: the first retry waits this long; each further one twice as long. */
export const DELIVERY_BASE_BACKOFF_MS = 1000;

/** Delivery: no wait between two tries is longer than this. */
export const DELIVERY_MAX_BACKOFF_MS = 30_000;

/** Delivery: one try is abandoned (and retried) after this long without an answer. */
export const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * Delivery: the tool result waits this long for the first try's answer, so the assistant says
 * "passed to" only when it was (the demo assistant waits 3 s for tool results).
 */
export const TOOL_RESULT_WAIT_MS = 2500;

/** Delivery: a capture waiting on the device is dropped after this long (7 days). */
export const STORED_CAPTURE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export { LISTING_VALUE_MAX_CHARS, PENDING_STORAGE_KEY } from './page/page-constants.ts';
