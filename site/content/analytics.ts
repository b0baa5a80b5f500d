import copy from '../copy/analytics.json' with { type: 'json' };

/**
 * The site's own analytics: a Google Tag Manager container, set in `site/copy/analytics.json`
 * (docs/marketers.md#google-tag-manager-on-this-site). Empty: the site loads no analytics and
 * sets no analytics cookies, and its privacy page says so.
 */

/** The container id (`GTM-XXXXXXX`), or null when none is set. */
export const GTM_CONTAINER: string | null = copy.googleTagManager.trim() || null;

/** Where Google serves the container: the one origin a host's CSP adds for it. */
export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/**
 * The `<head>` tags that load `container`: the dataLayer's start (`/gtm-init.js`, a file of the
 * site, so no inline script, no hash and no `unsafe-inline` are needed under a strict CSP), then
 * the container itself, async. None when `container` is null.
 */
export function gtmTags(container: string | null): string[] {
  if (container === null) {
    return [];
  }
  return [
    '<script src="/gtm-init.js"></script>',
    `<script async src="${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(container)}"></script>`,
  ];
}
