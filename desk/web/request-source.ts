import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { DeskEnv } from '../config/desk-env.ts';
import { type RequestSource, requestSource } from '../config/trusted-proxies.ts';

/** The socket's peer address, or `null` when the server does not say. */
export function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** Where this request came from, believing `X-Forwarded-*` only from a trusted proxy. */
export function sourceOf(c: Context, proxies: DeskEnv['trustedProxies']): RequestSource {
  return requestSource(
    {
      socket: socketAddress(c),
      url: new URL(c.req.url),
      forwardedFor: c.req.header('x-forwarded-for'),
      forwardedProto: c.req.header('x-forwarded-proto'),
      forwardedHost: c.req.header('x-forwarded-host'),
    },
    proxies,
  );
}

/** The client's IP address, the key of every limit (docs/desk.md#configure). */
export function clientIp(c: Context, proxies: DeskEnv['trustedProxies']): string {
  return sourceOf(c, proxies).client;
}

/**
 * The desk's public origin for this request: `DESK_PUBLIC_URL`'s when set, else the scheme and
 * host a trusted proxy forwarded, else the desk's own.
 */
export function publicOrigin(
  c: Context,
  env: Pick<DeskEnv, 'publicOrigin' | 'trustedProxies'>,
): string {
  return env.publicOrigin ?? sourceOf(c, env.trustedProxies).origin;
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin for a link sent in answer to a request anyone may make (Forgot password?):
 * `DESK_PUBLIC_URL`'s when set; else the request's own only when it names this machine
 * (loopback), since its Host header is the asker's to choose; else null, and no link is sent.
 */
export function resetLinkOrigin(
  c: Context,
  env: Pick<DeskEnv, 'publicOrigin' | 'trustedProxies'>,
): string | null {
  if (env.publicOrigin !== null) {
    return env.publicOrigin;
  }
  const origin = sourceOf(c, env.trustedProxies).origin;
  return LOOPBACK_HOSTS.has(new URL(origin).hostname) ? origin : null;
}
