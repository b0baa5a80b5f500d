import { getConnInfo } from '@hono/node-server/conninfo';

/** The client's IP as the socket saw it (the desk is not behind a proxy by default). */
export function clientIp(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
