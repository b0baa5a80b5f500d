import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
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
  /** Only leads no one has claimed yet (issue 27 §2). */
  unclaimed?: boolean;
}

/** A query string's filters, or a message naming the bad one. */
export function parseLeadFilters(query: Record<string, string | undefined>): LeadFilters | string {
  const filters: LeadFilters = {};
  const { status, agent, listing, q, demo, unclaimed } = query;
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
  if (unclaimed !== undefined && unclaimed !== '') {
    if (unclaimed !== 'yes') {
      return 'unclaimed must be yes';
    }
    filters.unclaimed = true;
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

/** The listing a capture is filed under: its address, else its id (for a captures query `c`). */
export const LISTING_KEY = sql<
  string | null
>`coalesce(c.listing ->> 'address', c.listing ->> 'id')`;

/**
 * Whether a query's `column` (a lead id: `e.lead_id`) names this lead or a lead merged into it.
 * A merge leaves the merged lead's timeline lines under its own id, its `merged_into` pointing
 * at this one (lead-merge.ts).
 */
export function ofLeadOrMerged(column: string, leadId: string): RawBuilder<boolean> {
  const ref = sql.ref(column);
  return sql<boolean>`(${ref} = ${leadId} or ${ref} in (select m.id from leads m where m.merged_into = ${leadId}))`;
}

/**
 * Only the leads this user may see (for a leads query `l`): an agent's own, a broker's all;
 * never a lead merged into another.
 */
export function scoped<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  session: SessionUser,
): SelectQueryBuilder<DB, TB, O> {
  const live = query.where(sql<boolean>`l.merged_into is null`);
  if (session.user.role === 'broker') {
    return live;
  }
  return live.where(sql<boolean>`lower(l.assigned_email) = ${session.user.email}`);
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
    db.selectFrom('leads as l').select('l.id').where('l.demo', '=', false),
    session,
  )
    .limit(1)
    .executeTakeFirst();
  return real !== undefined;
}

/**
 * Applies the filters to a leads query `l`: status, agent, a listing any of its captures names,
 * full-text search over everything the lead holds (0008-lead-search.sql), demo.
 */
export function filtered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filters: LeadFilters,
  hideDemo: boolean,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (filters.status) {
    q = q.where(sql<boolean>`l.status = ${filters.status}`);
  }
  if (filters.agent) {
    q = q.where(sql<boolean>`lower(l.assigned_email) = ${filters.agent}`);
  }
  if (filters.listing) {
    q = q.where(
      sql<boolean>`l.id in (select c.lead_id from captures c where ${LISTING_KEY} = ${filters.listing})`,
    );
  }
  if (filters.q) {
    q = q.where(sql<boolean>`l.search @@ websearch_to_tsquery('english', ${filters.q})`);
  }
  if (filters.unclaimed) {
    q = q.where(sql<boolean>`l.claimed_by is null`);
  }
  if (hideDemo) {
    q = q.where(sql<boolean>`not l.demo`);
  }
  return q;
}
