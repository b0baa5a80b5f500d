import { paths } from '../paths.ts';

/**
 * The recording disclosure the site's voice assistants show before the first call or chat
 * (the widget's `consent` attribute; docs/behaviour.md#consent). It says what the privacy policy
 * says about calls, in one breath, and links to it (`consent-url`).
 */
export const assistantConsent = {
  text:
    'Calls with our assistant are recorded and transcribed by our voice platform so it can ' +
    'answer you and pass your request to the brokerage. Recordings and transcripts are kept ' +
    'for up to 90 days.',
  url: paths.privacy.getHref(),
} as const;
