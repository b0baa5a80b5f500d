import type { Capture } from './capture.ts';
import type { LeadIntent } from './rules/lead-fields.ts';

/** The `analytics` attribute value that turns the data layer push on. */
export const ANALYTICS_DATALAYER = 'datalayer';

/**
 * What a tag manager receives for one capture: the event name and, for a lead, its intent.
 * Never a name, phone, email or any other personal field.
 */
export interface LeadAnalyticsEvent {
  event: 'voice_assistant_lead' | 'voice_assistant_viewing_request';
  intent?: LeadIntent;
}

/** The data layer entry for a capture (pure). Viewing requests carry no intent. */
export function leadAnalyticsEvent(capture: Capture): LeadAnalyticsEvent {
  if (capture.kind === 'viewing-request') {
    return { event: 'voice_assistant_viewing_request' };
  }
  const { intent } = capture.fields;
  return intent === undefined
    ? { event: 'voice_assistant_lead' }
    : { event: 'voice_assistant_lead', intent };
}

/** A window-like object that may hold a tag manager's `dataLayer`. */
export interface DataLayerHost {
  dataLayer?: unknown;
}

/**
 * Pushes the capture's {@link LeadAnalyticsEvent} to `host.dataLayer` (with
 * `analytics="datalayer"`), creating the array when the page has none yet, as tag managers
 * expect. Leaves a `dataLayer` that has no `push` alone.
 */
export function pushLeadAnalytics(host: DataLayerHost, capture: Capture): void {
  if (host.dataLayer === undefined) {
    host.dataLayer = [];
  }
  const layer = host.dataLayer as { push?: unknown } | null;
  if (layer !== null && typeof layer === 'object' && typeof layer.push === 'function') {
    (layer.push as (entry: LeadAnalyticsEvent) => void)(leadAnalyticsEvent(capture));
  }
}
