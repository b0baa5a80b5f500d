/**
 * The inbox's pages and their addresses. The desk answers `dist/inbox/index.html` for each of
 * them (desk/inbox/api-contract.ts); the app reads the path with the History API.
 */
export const INBOX_BASE = '/inbox';

export type Route =
  | { name: 'leads' }
  | { name: 'sign-in' }
  | { name: 'lead'; id: string }
  | { name: 'numbers' }
  | { name: 'not-found' };

/** Href builders: the one place the inbox's paths are written. */
export const hrefs = {
  leads: (query = ''): string => (query === '' ? INBOX_BASE : `${INBOX_BASE}?${query}`),
  signIn: (): string => `${INBOX_BASE}/sign-in`,
  lead: (id: string): string => `${INBOX_BASE}/leads/${encodeURIComponent(id)}`,
  numbers: (): string => `${INBOX_BASE}/numbers`,
};

const TABLE: Array<[RegExp, (m: RegExpMatchArray) => Route]> = [
  [/^\/inbox\/?$/, () => ({ name: 'leads' })],
  [/^\/inbox\/sign-in\/?$/, () => ({ name: 'sign-in' })],
  [/^\/inbox\/numbers\/?$/, () => ({ name: 'numbers' })],
  [/^\/inbox\/leads\/([^/]+)\/?$/, (m) => ({ name: 'lead', id: decodeURIComponent(m[1] ?? '') })],
];

/** The route of a pathname (pure). */
export function routeOf(pathname: string): Route {
  for (const [pattern, build] of TABLE) {
    const match = pathname.match(pattern);
    if (match) {
      try {
        return build(match);
      } catch {
        return { name: 'not-found' };
      }
    }
  }
  return { name: 'not-found' };
}
