/**
 * Where a visitor came from (docs/desk.md#ingest, issue 26 §4): the campaign tags of the page
 * they landed on, the referrer's host, and whether an ad click id was present. The one set of
 * rules both ends use: the widget reads the page with {@link visitSourceOf}, and the desk checks
 * what arrives with {@link readVisitSource} and groups by {@link sourceKey}. Pure.
 *
 * No personal data: a click id is only a flag, never its value; a tag that looks like an email
 * address or holds more than a short word's worth of text is dropped.
 */
export interface VisitSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /** The referring page's host name, when it was another site. */
  referrerHost?: string;
  /** A Google Ads click id (`gclid`) was in the landing URL. */
  gclid?: true;
  /** A Meta ads click id (`fbclid`) was in the landing URL. */
  fbclid?: true;
}

const TAG_MAX = 100;
/** Campaign tags are words: letters, digits and a few joiners; anything else is dropped. */
const TAG = /^[\p{L}\p{N} ._+/:|()-]+$/u;
const HOST = /^[a-z0-9.-]{1,253}$/;

function tag(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim().toLowerCase();
  return trimmed !== '' && trimmed.length <= TAG_MAX && TAG.test(trimmed) ? trimmed : undefined;
}

function host(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const lower = value
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return HOST.test(lower) ? lower : undefined;
}

/** The source's known, clean parts; `null` for anything that is not an object. */
export function readVisitSource(value: unknown): VisitSource | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return null;
  }
  const v = value as Record<string, unknown>;
  const source: VisitSource = {};
  const parts: [keyof VisitSource, string | undefined][] = [
    ['utmSource', tag(v.utmSource)],
    ['utmMedium', tag(v.utmMedium)],
    ['utmCampaign', tag(v.utmCampaign)],
    ['referrerHost', host(v.referrerHost)],
  ];
  for (const [name, part] of parts) {
    if (part !== undefined) {
      (source as Record<string, string>)[name] = part;
    }
  }
  if (v.gclid === true) {
    source.gclid = true;
  }
  if (v.fbclid === true) {
    source.fbclid = true;
  }
  return source;
}

/**
 * Reads the source from the landing page's URL and `document.referrer`. A referrer on the
 * page's own host is no source (the visitor moved within the site).
 */
export function visitSourceOf(href: string, referrer: string): VisitSource {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return {};
  }
  const q = url.searchParams;
  let referrerHost: string | undefined;
  try {
    const from = new URL(referrer).hostname;
    referrerHost = from === url.hostname ? undefined : from;
  } catch {
    referrerHost = undefined;
  }
  return (
    readVisitSource({
      utmSource: q.get('utm_source'),
      utmMedium: q.get('utm_medium'),
      utmCampaign: q.get('utm_campaign'),
      referrerHost,
      gclid: q.has('gclid'),
      fbclid: q.has('fbclid'),
    }) ?? {}
  );
}

/** The group a source is counted under when nothing was told (the platform, older widgets). */
export const NO_SOURCE = '(none)';

/**
 * The "by source" group: `utm_source / utm_medium`, else the ad network a click id names, else
 * the referrer's host, else `(direct)`.
 */
export function sourceKey(source: VisitSource | null | undefined): string {
  if (source === null || source === undefined) {
    return NO_SOURCE;
  }
  if (source.utmSource !== undefined) {
    return source.utmMedium === undefined
      ? source.utmSource
      : `${source.utmSource} / ${source.utmMedium}`;
  }
  if (source.gclid) {
    return 'google / cpc';
  }
  if (source.fbclid) {
    return 'facebook / paid';
  }
  return source.referrerHost ?? '(direct)';
}
