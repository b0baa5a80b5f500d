import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LeadListItem, LeadListPage, LeadStatus } from '../../api-contract.ts';
import { AgentOptions } from '../components/agent-options.tsx';
import { Link } from '../components/link.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { StatusOptions } from '../components/status-options.tsx';
import { api, isAbort } from '../lib/api.ts';
import { timeText } from '../lib/format.ts';
import { kindLabel, nameOf, statusClass } from '../lib/labels.ts';
import { navigate, useLocation } from '../lib/navigation.ts';
import { hrefs } from '../lib/routes.ts';
import { useSession } from '../lib/session.ts';

/** The list's filters, kept in the address so a reload, a link or Export CSV keeps them. */
const FILTER_KEYS = ['q', 'status', 'agent', 'listing', 'demo'] as const;
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

const SEARCH_DELAY_MS = 300;

interface ListState {
  page: LeadListPage | null;
  leads: LeadListItem[];
  loading: boolean;
  error: string | null;
}

export function LeadsPage() {
  const session = useSession();
  const { search } = useLocation();
  const filters = filtersOf(search);
  const query = filters.toString();
  const [state, setState] = useState<ListState>({
    page: null,
    leads: [],
    loading: true,
    error: null,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [text, setText] = useState(filters.get('q') ?? '');
  const searchTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    api<LeadListPage>(`leads${query === '' ? '' : `?${query}`}`, { signal: controller.signal })
      .then((page) => setState({ page, leads: page.leads, loading: false, error: null }))
      .catch((error: unknown) => {
        if (!isAbort(error)) {
          setState((previous) => ({
            ...previous,
            loading: false,
            error: 'The leads could not be loaded. Try again.',
          }));
        }
      });
    return () => controller.abort();
  }, [query]);

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  function setFilter(key: FilterKey, value: string): void {
    const next = filtersOf(location.search);
    if (value === '') {
      next.delete(key);
    } else {
      next.set(key, value);
    }
    navigate(hrefs.leads(next.toString()), { replace: true });
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
    const cursor = state.page?.nextCursor;
    if (!cursor) {
      return;
    }
    const params = filtersOf(location.search);
    params.set('cursor', cursor);
    setLoadingMore(true);
    try {
      const page = await api<LeadListPage>(`leads?${params.toString()}`);
      setState((previous) => ({
        page,
        leads: [...previous.leads, ...page.leads],
        loading: false,
        error: null,
      }));
    } catch (error) {
      if (!isAbort(error)) {
        setState((previous) => ({ ...previous, error: 'More leads could not be loaded.' }));
      }
    } finally {
      setLoadingMore(false);
    }
  }

  const page = state.page;
  // The address decides at once when it says; otherwise the desk's default (hidden once real
  // leads exist). Reading the last answer here kept the box ticked until the next one arrived.
  const demoParam = filters.get('demo');
  const demoShown =
    demoParam === 'show' || (demoParam !== 'hide' && page !== null && !page.demoHidden);
  const exportHref = `/api/leads.csv${query === '' ? '' : `?${query}`}`;
  const agents = page?.filters.agents ?? [];
  const listings = page?.filters.listings ?? [];

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
              value={filters.get('agent') ?? ''}
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
            value={filters.get('listing') ?? ''}
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
      </fieldset>
      <p className="list-status" role="status">
        {state.loading
          ? 'Loading leads…'
          : state.error
            ? state.error
            : state.leads.length === 0
              ? 'No leads match.'
              : `${state.leads.length}${page?.nextCursor ? '+' : ''} ${state.leads.length === 1 ? 'lead' : 'leads'}, newest first.`}
      </p>
      {state.leads.length > 0 ? <LeadsTable leads={state.leads} busy={state.loading} /> : null}
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

function LeadsTable({ leads, busy }: { leads: LeadListItem[]; busy: boolean }) {
  return (
    <table className="data-table leads-table" aria-busy={busy || undefined}>
      <caption className="visually-hidden">Leads, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Listing</th>
          <th scope="col">Kind</th>
          <th scope="col">Status</th>
          <th scope="col">Agent</th>
          <th scope="col">Received</th>
          <th scope="col">Next viewing</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id}>
            <td data-label="Name" className="cell-name">
              <span>
                <Link href={hrefs.lead(lead.id)}>{nameOf(lead.name)}</Link>
                {lead.demo ? <span className="badge badge-demo">Demo</span> : null}
              </span>
            </td>
            <td data-label="Listing">{lead.listing ?? '—'}</td>
            <td data-label="Kind">{kindLabel(lead.kind)}</td>
            <td data-label="Status">
              <span className={statusClass(lead.status as LeadStatus)}>{lead.status}</span>
            </td>
            <td data-label="Agent">{lead.agent.name ?? lead.agent.email ?? 'Unassigned'}</td>
            <td data-label="Received">
              <time dateTime={lead.receivedAt}>{timeText(lead.receivedAtText)}</time>
            </td>
            <td data-label="Next viewing">
              {lead.nextViewing ? (
                <time dateTime={lead.nextViewing}>{timeText(lead.nextViewingText)}</time>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
