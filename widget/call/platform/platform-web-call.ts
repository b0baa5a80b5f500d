import { createApiCore } from '../../api/core.ts';
import { callsResource } from '../../api/resources/calls.ts';
import type { WebCallCreator } from '../start-sequence.ts';

export interface PlatformWebCallOptions {
  /** The platform public key, sent as `Authorization: Bearer <publicKey>`. */
  publicKey: string;
  /** The API host; the API client's default when omitted. */
  apiBaseUrl?: string;
}

/**
 * The default `createWebCall`: POST /call/web through the API client. Only the API core and the
 * calls resource are imported, and each `CallClient` gets its own core and key (no singleton).
 */
export function createPlatformWebCall(options: PlatformWebCallOptions): WebCallCreator {
  const calls = callsResource(
    createApiCore({
      token: options.publicKey,
      ...(options.apiBaseUrl && { baseUrl: options.apiBaseUrl }),
    }),
  );
  return (payload, signal) => calls.createWeb(payload, { signal });
}
