import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { phoneKey } from '../ingest/person-keys.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { LEAD_STATUSES, type LeadStatus } from './api-contract.ts';

/** The list's filters, checked (the leads list and its CSV export share them). */
export interface LeadFilters {
  status?: LeadStatus;
  agent?: string;
  listing?: string;
  q?: string;
  demo?: 'show' | 'hide';
}

/** A query string's filters, or a message naming the bad one. */
export function parseLeadFilters(query: Record<string, string | undefined>): LeadFilters | string {
  const filters: LeadFilters = {};
  const { status, agent, listing, q, demo } = query;
  if (status !== undefined && status !== '') {
    if (!(LEAD_STATUSES as readonly string[]).includes(status)) {
      return `status must be one of ${LEAD_STATUSES.join(', ')}`;
    }
    filters.status = status as LeadStatus;
  }
  if (agent) {
    filters.agent = agent.trim().toLowerCase();
  }
  if (listing) {
    filters.listing = listing;
  }
  if (q && q.trim() !== '') {
    if (q.length > 200) {
      return 'q is at most 200 characters';
    }
    filters.q = searchText(q);
  }
  if (demo !== undefined && demo !== '') {
    if (demo !== 'show' && demo !== 'hide') {
      return 'demo must be show or hide';
    }
    filters.demo = demo;
  }
  return filters;
}

/**
 * A search as the vectors hold it: a phone number as the person's phone key ("604-555-0134" and
 * "+1 604 555 0134" both become 6045550134, the key the vector keeps whole), the rest as typed.
 */
export function searchText(q: string): string {
  return q.trim().replace(/\+?\d[\d\s().-]{5,}\d/g, (m) => phoneKey(m) ?? m);
}

/** The listing a lead is filed under: its address, else its id. */
export const LISTING_KEY = sql<
  string | null
>`coalesce(c.listing ->> 'address', c.listing ->> 'id')`;

/** Only the leads this user may see: an agent's own, a broker's all. */
export function scoped<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  session: SessionUser,
): SelectQueryBuilder<DB, TB, O> {
  if (session.user.role === 'broker') {
    return query;
  }
  return query.where(sql<boolean>`lower(c.assigned_email) = ${session.user.email}`);
}

/**
 * Whether demo leads are left out: as asked, else once a real lead exists among those this user
 * may see.
 */
export async function demoHidden(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  demo: LeadFilters['demo'],
): Promise<boolean> {
  if (demo !== undefined) {
    return demo === 'hide';
  }
  const real = await scoped(
    db.selectFrom('captures as c').select('c.id').where('c.demo', '=', false),
    session,
  )
    .limit(1)
    .executeTakeFirst();
  return real !== undefined;
}

/** Applies the filters (status, agent, listing, full-text search, demo) to a captures query. */
export function filtered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filters: LeadFilters,
  hideDemo: boolean,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (filters.status) {
    q = q.where(sql<boolean>`c.status = ${filters.status}`);
  }
  if (filters.agent) {
    q = q.where(sql<boolean>`lower(c.assigned_email) = ${filters.agent}`);
  }
  if (filters.listing) {
    q = q.where(sql<boolean>`${LISTING_KEY} = ${filters.listing}`);
  }
  if (filters.q) {
    q = q.where(sql<boolean>`c.search @@ websearch_to_tsquery('english', ${filters.q})`);
  }
  if (hideDemo) {
    q = q.where(sql<boolean>`not c.demo`);
  }
  return q;
}
