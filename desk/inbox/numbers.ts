import { type Kysely, sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { daysBefore, displayTime } from '../time/brokerage-time.ts';
import type { Numbers, NumbersRow } from './api-contract.ts';

/** The periods the numbers page offers, in days. */
export const NUMBER_PERIODS = [7, 30, 90] as const;

/** What a figure set is computed over. */
export interface NumbersScope {
  days: 7 | 30 | 90;
  now: Date;
  hideDemo: boolean;
  session: SessionUser;
  /** The brokerage's IANA zone: a period is whole calendar days on its wall clock. */
  timeZone: string;
}

/** A group's key when it has no listing, page or agent. */
export const NONE_KEY = '(none)';

interface CaptureGroup {
  gl: number;
  gp: number;
  ga: number;
  listing: string | null;
  page: string | null;
  agent: string | null;
  captures: number;
  viewings: number;
  linked: number;
  linked_chats: number;
  median: number | null;
  p90: number | null;
}

interface ConversationGroup {
  gp: number;
  page: string | null;
  conversations: number;
  chats: number;
  converted: number;
}

function row(key: string, c?: CaptureGroup, v?: ConversationGroup | 'linked'): NumbersRow {
  const linked = v === 'linked';
  const conversations = linked ? (c?.linked ?? 0) : (v?.conversations ?? 0);
  const chats = linked ? (c?.linked_chats ?? 0) : (v?.chats ?? 0);
  return {
    key,
    conversations,
    calls: conversations - chats,
    chats,
    captures: c?.captures ?? 0,
    conversionRate: linked || !v || v.conversations === 0 ? null : v.converted / v.conversations,
    viewingsRequested: c?.viewings ?? 0,
    speedToLeadMedianSeconds: c?.median ?? null,
    speedToLeadP90Seconds: c?.p90 ?? null,
  };
}

const byKey = (a: NumbersRow, b: NumbersRow) =>
  b.captures - a.captures || a.key.localeCompare(b.key);

/**
 * The figures for the last `days` (docs/desk.md#inbox): conversations (calls, chats) by their
 * start, captures by their receipt, conversion, viewings requested, and speed to lead (receipt to
 * the first status change away from New: median and p90 by `percentile_cont`), in total and by
 * listing, page and agent. An agent's figures cover their own leads, and the conversations
 * that led to them.
 */
export async function computeNumbers(
  db: Kysely<DeskDatabase>,
  scope: NumbersScope,
): Promise<Numbers> {
  const to = scope.now;
  // Calendar days on the brokerage's clock, by the pinned tz database: a week that crosses a
  // clock change is 167 or 169 hours, and a week from Monday 00:00 starts on Monday 00:00.
  const from = daysBefore(to, scope.days, scope.timeZone);
  const agentEmail = scope.session.user.role === 'agent' ? scope.session.user.email : null;
  const captureWhere = sql`c.received_at >= ${from} and c.received_at < ${to}
    and (${!scope.hideDemo} or not c.demo)
    and (${agentEmail}::text is null or lower(c.assigned_email) = ${agentEmail})`;
  const captures = await sql<CaptureGroup>`
    with first_change as (
      select s.capture_id, min(s.at) as at from lead_status_changes s
      where s.from_status = 'New' and s.to_status <> 'New' and s.at >= ${from}
      group by s.capture_id
    ), cap as (
      select coalesce(c.listing ->> 'address', c.listing ->> 'id', ${NONE_KEY}) as listing,
        coalesce(c.page_url, ${NONE_KEY}) as page,
        coalesce(c.assigned_name, c.assigned_email, ${NONE_KEY}) as agent,
        c.kind, c.conversation_id, v.channel,
        extract(epoch from (f.at - c.received_at))::float8 as secs
      from captures c left join conversations v on v.id = c.conversation_id
        left join first_change f on f.capture_id = c.id
      where ${captureWhere}
    )
    select grouping(listing)::int as gl, grouping(page)::int as gp, grouping(agent)::int as ga,
      listing, page, agent,
      count(*)::int as captures,
      (count(*) filter (where kind = 'viewing-request'))::int as viewings,
      count(distinct conversation_id)::int as linked,
      (count(distinct conversation_id) filter (where channel = 'chat'))::int as linked_chats,
      percentile_cont(0.5) within group (order by secs) as median,
      percentile_cont(0.9) within group (order by secs) as p90
    from cap
    group by grouping sets ((), (listing), (page), (agent))`.execute(db);
  const conversations = await sql<ConversationGroup>`
    with conv as (
      select coalesce(v.page_url, ${NONE_KEY}) as page, v.channel,
        exists (select 1 from captures c where c.conversation_id = v.id
          and (${!scope.hideDemo} or not c.demo)) as converted
      from conversations v
      where coalesce(v.started_at, v.created_at) >= ${from}
        and coalesce(v.started_at, v.created_at) < ${to}
        and (${!scope.hideDemo} or not v.demo)
        and (${agentEmail}::text is null or exists (select 1 from captures c
          where c.conversation_id = v.id and lower(c.assigned_email) = ${agentEmail}))
    )
    select grouping(page)::int as gp, page, count(*)::int as conversations,
      (count(*) filter (where channel = 'chat'))::int as chats,
      (count(*) filter (where converted))::int as converted
    from conv group by grouping sets ((), (page))`.execute(db);
  const caps = captures.rows;
  const convs = conversations.rows;
  const totalCaptures = caps.find((r) => r.gl && r.gp && r.ga);
  const totalConversations = convs.find((r) => r.gp);
  const total = row(
    'all',
    totalCaptures,
    totalConversations ?? { gp: 1, page: null, conversations: 0, chats: 0, converted: 0 },
  );
  if (agentEmail !== null) {
    total.conversionRate = null;
  }
  const pages = new Set<string>([
    ...caps.filter((r) => !r.gp).map((r) => r.page ?? NONE_KEY),
    ...convs.filter((r) => !r.gp).map((r) => r.page ?? NONE_KEY),
  ]);
  const byPage = [...pages].map((page) => {
    const v = convs.find((r) => !r.gp && r.page === page);
    const result = row(
      page,
      caps.find((r) => !r.gp && r.page === page),
      v ?? { gp: 0, page, conversations: 0, chats: 0, converted: 0 },
    );
    if (agentEmail !== null) {
      result.conversionRate = null;
    }
    return result;
  });
  return {
    days: scope.days,
    from: from.toISOString(),
    to: to.toISOString(),
    fromText: displayTime(from, scope.timeZone),
    toText: displayTime(to, scope.timeZone),
    total,
    byListing: caps
      .filter((r) => !r.gl)
      .map((r) => row(r.listing ?? NONE_KEY, r, 'linked'))
      .sort(byKey),
    byPage: byPage.sort(byKey),
    byAgent: caps
      .filter((r) => !r.ga)
      .map((r) => row(r.agent ?? NONE_KEY, r, 'linked'))
      .sort(byKey),
    demoHidden: scope.hideDemo,
  };
}
