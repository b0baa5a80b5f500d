import { type Kysely, sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { DEFAULT_CLAIM_SETTINGS } from '../config/claim-settings.ts';
import { NONE_KEY } from '../leads/numbers-rollup.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { displayTime, inZone } from '../time/brokerage-time.ts';
import type { Numbers, NumbersRow } from './api-contract.ts';
import { type ClaimBucket, claimFigures } from './claim-numbers.ts';
import { bucketPercentile, type SpeedBucket } from './speed-buckets.ts';

export { NONE_KEY };

/** The periods the numbers page offers, in days. */
export const NUMBER_PERIODS = [7, 30, 90] as const;

/** What a figure set is computed over. */
export interface NumbersScope {
  days: 7 | 30 | 90;
  /** The period is the `days` whole local days up to the one holding the instant before this. */
  now: Date;
  hideDemo: boolean;
  session: SessionUser;
  /** The brokerage's IANA zone: a period is whole calendar days on its wall clock. */
  timeZone: string;
}

/** The period's days, `YYYY-MM-DD` (the last exclusive), and its start as an instant. */
export function numbersPeriod(
  days: number,
  now: Date,
  timeZone: string,
): { firstDay: string; endDay: string; from: Date } {
  // The instant before `now`: a report for the week up to Monday 00:00 ends with Sunday.
  const last = inZone(new Date(now.getTime() - 1), timeZone).startOf('day');
  const first = last.minus({ days: days - 1 });
  return {
    firstDay: first.toISODate() ?? '',
    endDay: last.plus({ days: 1 }).toISODate() ?? '',
    from: first.toJSDate(),
  };
}

interface SumRow {
  dimension: 'all' | 'listing' | 'page' | 'source' | 'agent';
  key: string;
  name: string | null;
  conversations: number;
  chats: number;
  captures: number;
  viewings: number;
  new_leads: number;
}

const SUMMED = ['conversations', 'chats', 'captures', 'viewings', 'new_leads'] as const;

/** Each breakdown's groups over every agent, and the agents' own totals (dimension `agent`). */
function sumGroups(rows: readonly (SumRow & { agent: string })[]): SumRow[] {
  const groups = new Map<string, SumRow>();
  const add = (dimension: SumRow['dimension'], key: string, row: SumRow) => {
    const id = `${dimension}\n${key}`;
    const group = groups.get(id) ?? { ...row, dimension, key, name: null, ...zero() };
    for (const figure of SUMMED) {
      group[figure] += row[figure];
    }
    group.name = row.name ?? group.name;
    groups.set(id, group);
  };
  for (const row of rows) {
    add(row.dimension, row.key, row);
    if (row.dimension === 'all') {
      add('agent', row.agent, row);
    }
  }
  return [...groups.values()];
}

function zero() {
  return { conversations: 0, chats: 0, captures: 0, viewings: 0, new_leads: 0 };
}

/**
 * The figures for the period (docs/inbox.md#numbers-inboxnumbers), in total and by listing, page, agent and
 * source, from the daily rollups (desk/leads/numbers-rollup.ts): conversations (calls, chats) by the day
 * they started, captures and new leads by the day they arrived, conversion = new leads ÷
 * conversations, and speed to lead over the period's new leads (median and p90 from 10%
 * buckets, in total and by agent: it is the agents' figure), and time to claim in total and by
 * the agent who claimed (claim-numbers.ts). An agent sees the figures of their own leads and of the conversations
 * that led to them. The numbers page and the weekly report both read this.
 */
export async function computeNumbers(
  db: Kysely<DeskDatabase>,
  scope: NumbersScope,
): Promise<Numbers> {
  const { firstDay, endDay, from } = numbersPeriod(scope.days, scope.now, scope.timeZone);
  const agent = scope.session.user.role === 'agent' ? scope.session.user.email.toLowerCase() : null;
  const where = sql`day >= ${firstDay}::date and day < ${endDay}::date
    and (${!scope.hideDemo} or not demo) and (${agent}::text is null or agent = ${agent})`;
  // One pass over a few thousand rows, grouped by agent too; the breakdowns are summed here.
  const { rows: grouped } = await sql<SumRow & { agent: string }>`
    select dimension, key, agent, max(agent_name) as name,
      sum(conversations)::int as conversations, sum(chats)::int as chats,
      sum(captures)::int as captures, sum(viewings)::int as viewings,
      sum(new_leads)::int as new_leads
    from numbers_daily where ${where}
    group by dimension, key, agent`.execute(db);
  const sums = { rows: sumGroups(grouped) };
  const speeds = await sql<SpeedBucket & { agent: string }>`
    select agent, bucket, sum(leads)::int as leads from speed_daily
    where ${where} group by agent, bucket`.execute(db);
  const speedOf = new Map<string, { median: number | null; p90: number | null }>();
  const speedFor = (key: string, buckets: SpeedBucket[]) =>
    speedOf.set(key, {
      median: bucketPercentile(buckets, 0.5),
      p90: bucketPercentile(buckets, 0.9),
    });
  speedFor('all\nall', speeds.rows);
  for (const agentKey of new Set(speeds.rows.map((r) => r.agent))) {
    speedFor(
      `agent\n${agentKey}`,
      speeds.rows.filter((r) => r.agent === agentKey),
    );
  }
  const claims = await sql<ClaimBucket>`
    select agent, max(agent_name) as name, bucket, within, sum(leads)::int as leads
    from claim_daily where ${where} group by agent, bucket, within`.execute(db);
  const setting = await db
    .selectFrom('numbers_rollup_zone')
    .select('claim_minutes')
    .executeTakeFirst();
  const row = (r: SumRow, key: string): NumbersRow => {
    const speed = speedOf.get(`${r.dimension}\n${r.key}`);
    return {
      key,
      conversations: r.conversations,
      calls: r.conversations - r.chats,
      chats: r.chats,
      captures: r.captures,
      newLeads: r.new_leads,
      conversionRate: r.conversations === 0 ? null : r.new_leads / r.conversations,
      viewingsRequested: r.viewings,
      speedToLeadMedianSeconds: speed?.median ?? null,
      speedToLeadP90Seconds: speed?.p90 ?? null,
    };
  };
  const group = (dimension: SumRow['dimension']) =>
    sums.rows
      // A group a conversation moved away from keeps a row of zeros: it has nothing to show.
      .filter((r) => r.dimension === dimension && (r.conversations !== 0 || r.captures !== 0))
      .map((r) => row(r, dimension === 'agent' ? (r.name ?? (r.key || NONE_KEY)) : r.key))
      .sort(
        (a, b) =>
          b.conversations - a.conversations ||
          b.captures - a.captures ||
          a.key.localeCompare(b.key),
      );
  const empty: SumRow = {
    dimension: 'all',
    key: 'all',
    name: null,
    conversations: 0,
    chats: 0,
    captures: 0,
    viewings: 0,
    new_leads: 0,
  };
  const total = row(sums.rows.find((r) => r.dimension === 'all') ?? empty, 'all');
  return {
    days: scope.days,
    from: from.toISOString(),
    to: scope.now.toISOString(),
    fromText: displayTime(from, scope.timeZone),
    toText: displayTime(scope.now, scope.timeZone),
    total,
    byListing: group('listing'),
    byPage: group('page'),
    byAgent: group('agent'),
    bySource: group('source'),
    timeToClaim: {
      claimMinutes: setting?.claim_minutes ?? DEFAULT_CLAIM_SETTINGS.claimMinutes,
      ...claimFigures(claims.rows, total.newLeads),
    },
    demoHidden: scope.hideDemo,
  };
}
