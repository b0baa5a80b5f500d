import type { AttributeWarning } from './attribute-problems.ts';
import type { AttributeName } from './attributes.ts';

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** Which URLs each URL attribute takes, after resolving, and how to say so. */
const RULES = {
  'consent-url': [/^https?:$/, 'an http(s) URL or a path'],
  'listing-url': [/^https?:$/, 'an http(s) URL or a path'],
  avatar: [/^(https?|data|blob):$/, 'an image URL or a path'],
  // http only for a loopback host, checked below (local stand-ins and tests).
  'lead-endpoint': [/^https:$/, 'an https URL or a path'],
  'api-base-url': [/^https?:$/, 'an absolute http(s) URL'],
} as const satisfies Partial<Record<AttributeName, readonly [RegExp, string]>>;

/** One of the attributes that hold a URL. */
export type UrlAttribute = keyof typeof RULES;

/**
 * The attribute's URL (trimmed, non-empty) resolved against the page's base URL, as `<a href>` resolves it
 * (`privacy.html`, `../terms`), or `null` when it is absent or not allowed (warned about).
 * `api-base-url` must be absolute: it names another server. No credentials in any URL.
 */
export function parseUrl(
  value: string | null,
  attribute: UrlAttribute,
  warnings: AttributeWarning[],
): string | null {
  if (value === null) {
    return null;
  }
  const [protocols, expected] = RULES[attribute];
  try {
    const base = attribute === 'api-base-url' ? undefined : globalThis.document?.baseURI;
    const url = new URL(value, base);
    const loopback =
      attribute === 'lead-endpoint' && url.protocol === 'http:' && LOOPBACK.test(url.hostname);
    if ((protocols.test(url.protocol) || loopback) && !url.username && !url.password) {
      return attribute === 'api-base-url' ? value : url.href;
    }
  } catch {
    // warned below
  }
  warnings.push({ attribute, value, expected });
  return null;
}
