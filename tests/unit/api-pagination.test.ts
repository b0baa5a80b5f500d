import { describe, expect, it } from 'vitest';
import { nextPageQuery, type Page, paginate } from '../../widget/api/pagination.ts';

const page = (results: number[], metadata: Page<number>['metadata']): Page<number> => ({
  results,
  metadata,
});

describe('nextPageQuery', () => {
  it('follows the cursor when the platform gives one', () => {
    expect(nextPageQuery({ limit: 2 }, page([1, 2], { nextCursor: 'c2' }))).toEqual({
      limit: 2,
      cursor: 'c2',
    });
  });

  it('counts pages from currentPage, itemsPerPage and totalItems', () => {
    const meta = { currentPage: 1, itemsPerPage: 2, totalItems: 5 };
    expect(nextPageQuery({ limit: 2 }, page([1, 2], meta))).toEqual({ limit: 2, page: 2 });
    expect(
      nextPageQuery({ limit: 2, page: 3 }, page([5], { ...meta, currentPage: 3 })),
    ).toBeUndefined();
  });

  it('stops on hasNextPage false or an empty page', () => {
    expect(nextPageQuery({}, page([1], { hasNextPage: false, nextCursor: 'x' }))).toBeUndefined();
    expect(nextPageQuery({}, page([], { currentPage: 1, totalItems: 9 }))).toBeUndefined();
  });

  it('continues on hasNextPage true without totals', () => {
    expect(nextPageQuery({ page: 4 }, page([1], { hasNextPage: true }))).toEqual({ page: 5 });
  });
});

describe('paginate', () => {
  it('fetches lazily, one page per loop turn', async () => {
    const asked: unknown[] = [];
    const list = async (query: { page?: number }) => {
      asked.push(query);
      const current = query.page ?? 1;
      return page([current], { currentPage: current, itemsPerPage: 1, totalItems: 3 });
    };
    const seen: number[] = [];
    for await (const p of paginate(list, { page: 1 })) {
      seen.push(...p.results);
      if (seen.length === 2) {
        break;
      }
    }
    expect(seen).toEqual([1, 2]);
    expect(asked).toEqual([{ page: 1 }, { page: 2 }]);
  });
});
