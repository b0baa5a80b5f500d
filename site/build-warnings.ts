import type { SiteConfig } from './config.ts';

/**
 * What a site build says loudly when a setting a deploy needs is unset: the build still works
 * (tests and local builds need neither), but a deploy built this way must not look like one
 * that delivers leads or messages (docs/site.md#build-settings).
 */

const NO_LEAD_ENDPOINT = [
  "!!! VITE_LEAD_ENDPOINT is not set: the site's widgets hand leads and viewing requests to the",
  '!!! page only (voice-assistant:lead events); nothing posts them anywhere. Set it to the desk',
  '!!! (npm run desk, then VITE_LEAD_ENDPOINT=https://YOUR-DESK/leads; npm start uses',
  '!!! http://127.0.0.1:8787/leads) or to a form-forwarding service before a deploy.',
].join('\n');

const NO_FORM_ENDPOINT = [
  '!!! VITE_FORM_ENDPOINT is not set: the contact form posts to the local stand-in (/forms/contact),',
  '!!! which only `npm run dev` and `npm run preview` answer; a deployed site loses every message.',
  '!!! Set it to your form-forwarding service (e.g. VITE_FORM_ENDPOINT=https://formspree.io/f/KEY)',
  '!!! before a deploy.',
].join('\n');

/** The warnings for `config`, one block each; none when every deploy setting is there. */
export function buildWarnings(config: SiteConfig): string[] {
  return [
    ...(config.leadEndpoint === null ? [NO_LEAD_ENDPOINT] : []),
    ...(config.formStandIn ? [NO_FORM_ENDPOINT] : []),
  ];
}
