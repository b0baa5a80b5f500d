import { type FormEvent, useEffect, useRef, useState } from 'react';
import { API, type LeadListPage, type LeadListQuery } from '../../api-contract.ts';
import { AgentOptions } from '../components/agent-options.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { StatusOptions } from '../components/status-options.tsx';
import { isAbort, request, routeUrl } from '../lib/api.ts';
import { navigate, useLocation } from '../lib/navigation.ts';
import { pageHref } from '../lib/routes.ts';
import { useSession } from '../lib/session.ts';
import { useInboxData } from '../lib/use-inbox-data.ts';
import { useLiveList } from '../lib/use-live-list.ts';
import { LeadsTable } from './leads/leads-table.tsx';

/** The list's filters, kept in the address so a reload, a link or Export CSV keeps them. */
const FILTER_KEYS = ['q', 'status', 'agent', 'listing', 'demo', 'unclaimed'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function filtersOf(search: string): URLSearchParams {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = given.get(key);
    if (value !== null && value !== '') {
      kept.set(key, value);
    }
  }
  return kept;
}

/** The address's filters as the API's query (the desk checks each value: 400 for a bad one). */
function queryOf(filters: URLSearchParams): LeadListQuery {
  return Object.fromEntries(filters) as LeadListQuery;
}

const SEARCH_DELAY_MS = 300;

export default function LeadsPage() {
  const session = useSession();
  const { search } = useLocation();
  const filters = filtersOf(search);
  // `data` is the first page with every page `Load more` appended: the latest page's cursor and
  // filters, and all the leads so far.
  const list = useInboxData(API.leads, { query: queryOf(filters) });
  useLiveList(list, queryOf(filters));
  const [loadingMore, setLoadingMore] = useState(false);
  // The answer a `Load more` failed to extend; any newer answer clears the message.
  const [moreFailedOn, setMoreFailedOn] = useState<LeadListPage | null>(null);
  const [text, setText] = useState(filters.get('q') ?? '');
  const searchTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  function setFilter(key: FilterKey, value: string): void {
    const next = filtersOf(location.search);
    if (value === '') {
      next.delete(key);
    } else {
      next.set(key, value);
    }
    navigate(pageHref('leads', {}, next.toString()), { replace: true });
  }

  function onSearchInput(value: string): void {
    setText(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => setFilter('q', value.trim()), SEARCH_DELAY_MS);
  }

  function onSearchSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    window.clearTimeout(searchTimer.current);
    setFilter('q', text.trim());
  }

  async function loadMore(): Promise<void> {
    const current = list.data;
    const cursor = current?.nextCursor;
    if (!cursor) {
      return;
    }
    setLoadingMore(true);
    try {
      const page = await request(API.leads, {
        query: { ...queryOf(filtersOf(location.search)), cursor },
      });
      list.set((previous) => ({ ...page, leads: [...(previous?.leads ?? []), ...page.leads] }));
    } catch (error) {
      if (!isAbort(error)) {
        setMoreFailedOn(current);
      }
    } finally {
      setLoadingMore(false);
    }
  }

  const page = list.data;
  const leads = page?.leads ?? [];
  const loading = list.status === 'loading';
  const error =
    list.status === 'failed'
      ? 'The leads could not be loaded. Try again.'
      : !loading && page !== null && moreFailedOn === page
        ? 'More leads could not be loaded.'
        : null;
  // The address decides at once when it says; otherwise the desk's default (hidden once real
  // leads exist). Reading the last answer here kept the box ticked until the next one arrived.
  const demoParam = filters.get('demo');
  const demoShown =
    demoParam === 'show' || (demoParam !== 'hide' && page !== null && !page.demoHidden);
  const exportHref = routeUrl(API.leadsCsv, { query: queryOf(filters) });
  // A filter's select always holds the option its value names, so it shows that value even
  // before (or without) the answer that lists the options: a select whose value has no option
  // reads empty (issue 26, as Assign to did).
  const agentFilter = filters.get('agent') ?? '';
  const listingFilter = filters.get('listing') ?? '';
  const loadedAgents = page?.filters.agents ?? [];
  const agents =
    agentFilter === '' || loadedAgents.some((agent) => agent.email === agentFilter)
      ? loadedAgents
      : [...loadedAgents, { name: agentFilter, email: agentFilter }];
  const loadedListings = page?.filters.listings ?? [];
  const listings =
    listingFilter === '' || loadedListings.includes(listingFilter)
      ? loadedListings
      : [...loadedListings, listingFilter];

  return (
    <>
      <div className="page-head">
        <PageHeading title="Leads" />
        <a className="button" href={exportHref} download>
          Export CSV
        </a>
      </div>
      <search>
        <form className="search" onSubmit={onSearchSubmit}>
          <label htmlFor="lead-search">Search</label>
          <input
            id="lead-search"
            type="search"
            value={text}
            onChange={(event) => onSearchInput(event.target.value)}
            placeholder="Name, phone, email, listing, notes or words said"
            autoComplete="off"
          />
          <button type="submit" className="button">
            Find
          </button>
        </form>
      </search>
      <fieldset className="filters">
        <legend className="visually-hidden">Filters</legend>
        <div className="field-inline">
          <label htmlFor="filter-status">Status</label>
          <select
            id="filter-status"
            value={filters.get('status') ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">All statuses</option>
            <StatusOptions />
          </select>
        </div>
        {session.user.role === 'broker' || agents.length > 1 ? (
          <div className="field-inline">
            <label htmlFor="filter-agent">Agent</label>
            <select
              id="filter-agent"
              value={agentFilter}
              onChange={(event) => setFilter('agent', event.target.value)}
            >
              <option value="">All agents</option>
              <AgentOptions agents={agents} />
            </select>
          </div>
        ) : null}
        <div className="field-inline">
          <label htmlFor="filter-listing">Listing</label>
          <select
            id="filter-listing"
            value={listingFilter}
            onChange={(event) => setFilter('listing', event.target.value)}
          >
            <option value="">All listings</option>
            {listings.map((listing) => (
              <option key={listing} value={listing}>
                {listing}
              </option>
            ))}
          </select>
        </div>
        <div className="field-check">
          <input
            id="filter-demo"
            type="checkbox"
            checked={demoShown}
            onChange={(event) => setFilter('demo', event.target.checked ? 'show' : 'hide')}
          />
          <label htmlFor="filter-demo">Show Demo leads</label>
        </div>
        <div className="field-check">
          <input
            id="filter-unclaimed"
            type="checkbox"
            checked={filters.get('unclaimed') === 'yes'}
            onChange={(event) => setFilter('unclaimed', event.target.checked ? 'yes' : '')}
          />
          <label htmlFor="filter-unclaimed">Unclaimed only</label>
        </div>
      </fieldset>
      <p className="list-status" role="status">
        {loading
          ? 'Loading leads…'
          : error
            ? error
            : leads.length === 0
              ? 'No leads match.'
              : `${leads.length}${page?.nextCursor ? '+' : ''} ${leads.length === 1 ? 'lead' : 'leads'}, latest activity first.`}
      </p>
      {leads.length > 0 ? <LeadsTable leads={leads} busy={loading} /> : null}
      {page?.nextCursor ? (
        <p className="load-more">
          <button type="button" className="button" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}
    </>
  );
}
