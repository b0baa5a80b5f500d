import type { PaginationMeta } from './types.ts';

/** The `{ results, metadata }` shape the paginated listings return. */
export interface Page<T> {
  results: T[];
  metadata: Partial<PaginationMeta>;
}

/** The query fields pagination drives. */
export interface PageQuery {
  page?: number;
  limit?: number;
  cursor?: string;
}

/**
 * The query for the page after `page`, or undefined when there is none. Prefers the opaque
 * `nextCursor`, then `hasNextPage`, then `currentPage × itemsPerPage < totalItems`; an empty page
 * always ends the walk.
 */
export function nextPageQuery<Q extends PageQuery>(query: Q, page: Page<unknown>): Q | undefined {
  const meta = page.metadata ?? {};
  if (page.results.length === 0 || meta.hasNextPage === false) {
    return undefined;
  }
  if (meta.nextCursor) {
    return { ...query, cursor: meta.nextCursor };
  }
  const current = meta.currentPage ?? query.page ?? 1;
  const more =
    meta.hasNextPage === true ||
    (meta.totalItems !== undefined &&
      current * (meta.itemsPerPage ?? page.results.length) < meta.totalItems);
  return more ? { ...query, page: current + 1 } : undefined;
}

/**
 * Walks every page of a paginated listing, fetching the next page only when the loop asks for it.
 *
 * @example
 * for await (const page of paginate((q) => client.calls.listPaginated(q), { limit: 100 })) {
 *   console.info(page.metadata.currentPage, page.results.length);
 * }
 */
export async function* paginate<Q extends PageQuery, T>(
  list: (query: Q) => Promise<Page<T>>,
  query: Q = {} as Q,
): AsyncGenerator<Page<T>, void, undefined> {
  let next: Q | undefined = query;
  while (next) {
    const page: Page<T> = await list(next);
    yield page;
    next = nextPageQuery(next, page);
  }
}
