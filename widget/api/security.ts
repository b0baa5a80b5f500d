import type { HeaderMap } from './request.ts';
import type { RouteSpec } from './route-spec.ts';

/** Request parameters the security hook may add or override for one call. */
export interface SecurityParams {
  /** Merged over the client's headers; a per-call header still wins. */
  headers?: HeaderMap;
  /** Merged under the call's own query. */
  query?: object;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Runs before every authenticated request with the route being called; returns extra or
 * overriding parameters (for example a different `Authorization` header for some routes, or a
 * signed query parameter). Not called for the unauthenticated credential webhook.
 */
export type SecurityWorker = (
  route: RouteSpec,
) => SecurityParams | undefined | Promise<SecurityParams | undefined>;
