import { PAGES, type PageName } from '../../api-contract.ts';
import { fillPath, matchPath, type ParamsOf } from '../../route-table.ts';

/**
 * The inbox's pages and their addresses, from the table (desk/inbox/api-contract.ts PAGES). The
 * desk answers `dist/inbox/index.html` for each of them; the app reads the path with the History
 * API.
 */
export type PageParams<K extends PageName> = ParamsOf<(typeof PAGES)[K]['path']>;

/** The page a path shows, with its parameters (decoded). */
export type Route =
  | { [K in PageName]: { name: K; params: PageParams<K> } }[PageName]
  | { name: 'not-found'; params: Record<never, never> };

const NOT_FOUND: Route = { name: 'not-found', params: {} };

/** The route of a pathname (pure). */
export function routeOf(pathname: string): Route {
  for (const name of Object.keys(PAGES) as PageName[]) {
    const raw = matchPath(PAGES[name].path, pathname);
    if (raw) {
      try {
        const params = Object.fromEntries(
          Object.entries(raw).map(([key, value]) => [key, decodeURIComponent(value)]),
        );
        return { name, params } as Route;
      } catch {
        return NOT_FOUND;
      }
    }
  }
  return NOT_FOUND;
}

/** A page's address: its parameters filled in, and a query string when given. */
export function pageHref<K extends PageName>(
  name: K,
  ...[params, query]: keyof PageParams<K> extends never
    ? [params?: PageParams<K>, query?: string]
    : [params: PageParams<K>, query?: string]
): string {
  const path = fillPath(PAGES[name].path, (params ?? {}) as Record<string, string>);
  return query === undefined || query === '' ? path : `${path}?${query}`;
}
