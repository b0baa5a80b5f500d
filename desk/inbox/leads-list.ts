import { type Kysely, sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { shownText } from '../delivery/shown-times.ts';
import { listTeam, type TeamDb } from '../routing/team.ts';
import type { DeskDatabase, StoredViewingTime } from '../storage/schema.ts';
import { displayTime } from '../time/brokerage-time.ts';
import type { AgentOption, LeadListItem, LeadListPage, LeadStatus } from './api-contract.ts';
import { demoHidden, filtered, type LeadFilters, LISTING_KEY, scoped } from './lead-scope.ts';

/** The list's page size when none is asked for, and the largest allowed. */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 100;

/** A position in the list: the last row's exact last activity (microseconds) and id. */
interface Cursor {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICRO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The opaque `nextCursor`: base64url of the last row's time and id. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** A cursor from the query string, or null when it is not one of ours. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      MICRO_ISO.test(value[0]) &&
      UUID.test(value[1])
    ) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // Not base64 JSON: the caller answers 400.
  }
  return null;
}

/** The earliest requested viewing still to come, or null. */
export function nextViewing(times: readonly StoredViewingTime[], now: Date): string | null {
  const upcoming = times
    .map((t) => t.start)
    .filter((s): s is string => s !== null && Date.parse(s) >= now.getTime())
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return upcoming[0] ?? null;
}

/**
 * The people a lead can be assigned to: the team's active members (the database, issue 27 §4),
 * or the brokerage's agents from assistant.config.json before the team is seeded.
 */
export async function agentOptions(db: TeamDb, brokerage: Brokerage): Promise<AgentOption[]> {
  const members = (await listTeam(db, { seededOnly: true })).filter((m) => m.active);
  const agents = members.length > 0 ? members : brokerage.agents;
  return agents.map((a) => ({ name: a.name, email: a.email.toLowerCase() }));
}

/** What a page of leads shows of their captures. */
export interface CaptureSummary {
  /** Listings, newest first, without repeats. */
  listings: string[];
  count: number;
  /** The captures' kinds, newest first, without repeats. */
  kinds: ('lead' | 'viewing-request')[];
  /** Every requested viewing time of every capture. */
  viewingTimes: StoredViewingTime[];
}

/** The captures of a page of leads, summed up per lead: one query over `captures_lead`. */
export async function captureSummaries(
  db: Kysely<DeskDatabase>,
  leadIds: readonly string[],
): Promise<Map<string, CaptureSummary>> {
  const summaries = new Map<string, CaptureSummary>();
  if (leadIds.length === 0) {
    return summaries;
  }
  const rows = await db
    .selectFrom('captures as c')
    .select(['c.lead_id', 'c.kind', 'c.viewing_times', LISTING_KEY.as('listing_key')])
    .where('c.lead_id', 'in', leadIds)
    .orderBy('c.received_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  for (const r of rows) {
    const summary = summaries.get(r.lead_id) ?? {
      listings: [],
      count: 0,
      kinds: [],
      viewingTimes: [],
    };
    summary.count += 1;
    if (!summary.kinds.includes(r.kind)) {
      summary.kinds.push(r.kind);
    }
    if (r.listing_key !== null && !summary.listings.includes(r.listing_key)) {
      summary.listings.push(r.listing_key);
    }
    summary.viewingTimes.push(...r.viewing_times);
    summaries.set(r.lead_id, summary);
  }
  return summaries;
}

/**
 * The distinct listings a filter offers, in order: a loose index scan over the listing index
 * (or, for an agent, the agent-and-listing index), one index probe per listing, not a pass over
 * every capture. A capture's assignee is its lead's (lead-changes.ts keeps them equal).
 */
async function listingOptions(db: Kysely<DeskDatabase>, session: SessionUser): Promise<string[]> {
  const agent = session.user.role === 'agent' ? session.user.email : null;
  const mine = agent === null ? sql`true` : sql`lower(c.assigned_email) = ${agent}`;
  const { rows } = await sql<{ k: string }>`
    with recursive l(k) as (
      (select ${LISTING_KEY} from captures c where ${mine} and ${LISTING_KEY} is not null
        order by 1 limit 1)
      union all
      select (select ${LISTING_KEY} from captures c where ${mine} and ${LISTING_KEY} > l.k
        order by 1 limit 1)
      from l where l.k is not null
    )
    select k from l where k is not null limit 500`.execute(db);
  return rows.map((r) => r.k);
}

/** One page of the leads list, one row per lead, latest activity first, after `cursor`. */
export async function listLeads(
  db: Kysely<DeskDatabase>,
  brokerage: Brokerage,
  session: SessionUser,
  filters: LeadFilters,
  page: { cursor: Cursor | null; limit: number; now: Date },
): Promise<LeadListPage> {
  const hideDemo = await demoHidden(db, session, filters.demo);
  let query = filtered(
    scoped(
      db
        .selectFrom('leads as l')
        .innerJoin('people as p', 'p.id', 'l.person_id')
        .select([
          'l.id',
          'p.name',
          'l.status',
          'l.assigned_name',
          'l.assigned_email',
          'l.claimed_by',
          'l.created_at',
          'l.last_activity_at',
          'l.demo',
          sql<string>`to_char(l.last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
            'at',
          ),
        ]),
      session,
    ),
    filters,
    hideDemo,
  );
  if (page.cursor) {
    query = query.where(
      sql<boolean>`(l.last_activity_at, l.id) < (${page.cursor.at}::timestamptz, ${page.cursor.id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy('l.last_activity_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const zone = brokerage.officeHours.timeZone;
  const summaries = await captureSummaries(
    db,
    shown.map((r) => r.id),
  );
  const leads: LeadListItem[] = shown.map((r) => {
    const summary = summaries.get(r.id);
    const next = nextViewing(summary?.viewingTimes ?? [], page.now);
    return {
      id: r.id,
      name: r.name,
      listing: summary?.listings[0] ?? null,
      listings: summary?.listings ?? [],
      captures: summary?.count ?? 0,
      status: r.status as LeadStatus,
      agent: { name: r.assigned_name, email: r.assigned_email },
      unclaimed: r.claimed_by === null,
      receivedAt: r.created_at.toISOString(),
      receivedAtText: displayTime(r.created_at, zone),
      lastActivityAt: r.last_activity_at.toISOString(),
      lastActivityAtText: displayTime(r.last_activity_at, zone),
      nextViewing: next,
      nextViewingText: shownText(next, zone),
      demo: r.demo,
    };
  });
  // The tab title's count (issue 27 §1): every unclaimed New lead this user may see, whatever
  // the filters and however many pages are shown.
  const unclaimed = await scoped(
    db
      .selectFrom('leads as l')
      .select(sql<string>`count(*)`.as('n'))
      .where('l.claimed_by', 'is', null)
      .where('l.status', '=', 'New')
      .where(sql<boolean>`(not l.demo or not ${hideDemo})`),
    session,
  ).executeTakeFirst();
  const team = await agentOptions(db, brokerage);
  const agents =
    session.user.role === 'broker' ? team : team.filter((a) => a.email === session.user.email);
  return {
    leads,
    nextCursor: more && last ? encodeCursor({ at: last.at, id: last.id }) : null,
    demoHidden: hideDemo,
    unclaimedCount: Number(unclaimed?.n ?? 0),
    filters: { agents, listings: await listingOptions(db, session) },
  };
}
