import { API, type LeadListPage, type LeadListQuery } from '../../api-contract.ts';
import { request } from './api.ts';

/** The API's default and largest pages (desk/inbox/leads-list.ts). */
const FIRST_PAGE = 50;
const MAX_PAGE = 100;

/**
 * The list asked again after a live change, covering at least `shown` leads (and a first page's worth), so the pages
 * `Load more` appended stay on screen: pages of up to 100 from the top until that many arrived
 * or the list ends. The answer is one page: every lead so far and the last page's cursor.
 */
export async function refreshedList(
  query: LeadListQuery,
  shown: number,
  signal: AbortSignal,
): Promise<LeadListPage> {
  const limit = Math.min(MAX_PAGE, Math.max(shown, FIRST_PAGE));
  let page = await request(API.leads, { query: { ...query, limit } }, { signal });
  const leads = [...page.leads];
  while (leads.length < shown && page.nextCursor) {
    page = await request(
      API.leads,
      { query: { ...query, limit, cursor: page.nextCursor } },
      { signal },
    );
    leads.push(...page.leads);
  }
  return { ...page, leads };
}
