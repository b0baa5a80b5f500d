import type { LeadDeliveryDetail } from '../element/lead-details.ts';

export type { LeadDeliveryDetail };

/** The fixed reasons a try failed. */
export const DELIVERY_REASONS = {
  cors: 'the endpoint did not allow this origin (CORS)',
  network: 'the endpoint could not be reached (network error or offline)',
  timeout: 'the endpoint did not answer in time',
  stored: 'kept on this device; it will be sent on the next page load',
  dropped: 'not kept on this device (no consent to store it)',
} as const;

/** The reason for an HTTP answer that is not 2xx. */
export function httpReason(status: number): string {
  if (status === 403) {
    return 'the endpoint refused this origin or request (HTTP 403)';
  }
  if (status === 408 || status === 429 || status >= 500) {
    return `the endpoint is busy or failing (HTTP ${status})`;
  }
  return `the endpoint refused the capture (HTTP ${status})`;
}

/**
 * Why a `fetch` threw: a timeout, or a request the browser blocked. A refused CORS preflight
 * and an unreachable host throw the same `TypeError`, so `reachable` tells them apart: whether
 * a bodiless `no-cors` request to the same URL got any answer.
 */
export function thrownReason(error: unknown, reachable: boolean): string {
  if (error instanceof DOMException && error.name === 'AbortError') {
    return DELIVERY_REASONS.timeout;
  }
  return reachable ? DELIVERY_REASONS.cors : DELIVERY_REASONS.network;
}
