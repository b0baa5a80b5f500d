import { LeadError } from './errors.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Resolves the `lead-endpoint` attribute against the page (`/forms/lead` works on the site) and
 * checks it: https, or plain http for a loopback host only (local stand-ins and tests), and no
 * credentials in the URL. Throws {@link LeadError} `invalid-lead-endpoint` otherwise. Pure.
 */
export function leadEndpointUrl(value: string, base?: string): string {
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch (cause) {
    throw LeadError.endpoint(value, cause);
  }
  const secure = url.protocol === 'https:';
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if ((!secure && !loopback) || url.username !== '' || url.password !== '') {
    throw LeadError.endpoint(value);
  }
  return url.href;
}
