import type { SiteConfig } from '../config.ts';
import { assistantConsent } from '../content/assistant-consent.ts';
import { ASSISTANT_NAME, BROKERAGE_NAME, OFFICE_HOURS_JSON } from '../content/names.ts';
import { demoListingAttributes } from './demo-listing.ts';

/**
 * Attributes that connect a `<voice-assistant>` to the build settings: the public key when one
 * is set, otherwise the offline demo assistant; where its leads go (`lead-endpoint`: the
 * desk or a configured service; none when unset, so leads go to the host page only); and the API base URL override, if any.
 */
export function widgetConnectionAttributes(
  config: Pick<SiteConfig, 'vapiPublicKey' | 'apiBaseUrl'> &
    Partial<Pick<SiteConfig, 'leadEndpoint'>>,
): Record<string, string> {
  const attributes: Record<string, string> = config.vapiPublicKey
    ? { 'public-key': config.vapiPublicKey }
    : { demo: '' };
  if (config.leadEndpoint) {
    attributes['lead-endpoint'] = config.leadEndpoint;
  }
  if (config.apiBaseUrl) {
    attributes['api-base-url'] = config.apiBaseUrl;
  }
  return attributes;
}

/**
 * Everything the site's own voice assistants (`/` and `/assistant`) carry: the connection, the
 * assistant's name (assistant.config.json, as the hero's "Talk to …"), the recording disclosure linked to /privacy, and, on the offline demo, the listing it talks about,
 * so a demo lead names that listing. A real assistant gets no made-up listing.
 */
export function siteWidgetAttributes(
  config: Pick<SiteConfig, 'vapiPublicKey' | 'apiBaseUrl'> &
    Partial<Pick<SiteConfig, 'leadEndpoint'>>,
): Record<string, string> {
  return {
    ...widgetConnectionAttributes(config),
    'assistant-name': ASSISTANT_NAME,
    // The seller the contact consent box names (issue 29 §3).
    brokerage: BROKERAGE_NAME,
    // "Talk to a person": Call me now in office hours, a call back at an opening outside them.
    'office-hours': OFFICE_HOURS_JSON,
    // Every funnel step goes to window.dataLayer for the site's tag manager (no personal data).
    analytics: 'datalayer',
    consent: assistantConsent.text,
    'consent-url': assistantConsent.url,
    ...(config.vapiPublicKey ? {} : demoListingAttributes()),
  };
}
