import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { sourceKey, type VisitSource } from '../../widget/leads/rules/visit-source.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import {
  addDailyRows,
  agentKey,
  CONVERSATION_FACTS,
  type ConversationFacts,
  conversationAttribution,
  dailyRows,
  listingKey,
  localDay,
  NONE_KEY,
  parsed,
} from './numbers-rollup.ts';

type Db = Kysely<DeskDatabase> | Transaction<DeskDatabase>;

/** Rows per statement: 11 parameters a rollup row stays under the 32,767 PGlite takes. */
const CHUNK = 2000;
/** Zones change offset on a quarter hour at the finest: a day is the same within one. */
const SLOT_MS = 15 * 60 * 1000;

export function dayReader(timeZone: string): (at: Date) => string {
  const days = new Map<number, string>();
  return (at) => {
    const slot = Math.floor(at.getTime() / SLOT_MS);
    let day = days.get(slot);
    if (day === undefined) {
      day = localDay(new Date(slot * SLOT_MS), timeZone);
      days.set(slot, day);
    }
    return day;
  };
}

export interface CaptureFacts {
  lead_id: string;
  conversation_id: string | null;
  kind: string;
  received_at: Date;
  demo: boolean;
  assigned_email: string | null;
  assigned_name: string | null;
  listing: unknown;
  page_url: string | null;
  visit_source: unknown;
  first: boolean;
}

async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await write(rows.slice(i, i + CHUNK));
  }
}

/** The leads a recount is about: every lead, or these. */
type LeadFilter = readonly string[] | null;

function leadIn(column: RawBuilder<unknown>, leads: LeadFilter) {
  return leads === null ? sql`true` : sql`${column} in (${sql.join(leads)})`;
}

/** The captures of `leads` as the numbers count them; `first`: its lead's first by receipt. */
export async function captureFacts(db: Db, leads: LeadFilter): Promise<CaptureFacts[]> {
  const { rows } =
    await sql<CaptureFacts>`select c.lead_id, c.conversation_id, c.kind, c.received_at, c.demo,
      c.assigned_email, c.assigned_name, c.listing, c.page_url, c.visit_source,
      row_number() over (partition by c.lead_id order by c.received_at, c.id) = 1 as first
    from captures c where ${leadIn(sql.ref('c.lead_id'), leads)}`.execute(db);
  return rows;
}

/** What captures add to `numbers_daily` (`sign` -1: take it away), and their leads' speed rows. */
export function captureChanges(
  captures: readonly CaptureFacts[],
  dayOf: (at: Date) => string,
  sign: 1 | -1,
): { changes: Parameters<typeof dailyRows>[0][number][]; speed: Record<string, unknown>[] } {
  const changes: Parameters<typeof dailyRows>[0][number][] = [];
  const speed: Record<string, unknown>[] = [];
  for (const c of captures) {
    const at = {
      day: dayOf(new Date(c.received_at)),
      demo: c.demo,
      agent: agentKey(c.assigned_email),
      agentName: c.assigned_name,
      listing: listingKey(parsed<Record<string, string>>(c.listing)),
      page: c.page_url ?? NONE_KEY,
      source: sourceKey(parsed<VisitSource>(c.visit_source)),
    };
    const viewing = c.kind === 'viewing-request' ? sign : 0;
    changes.push({ at, add: { captures: sign, viewings: viewing, newLeads: c.first ? sign : 0 } });
    if (c.first) {
      speed.push({
        lead_id: c.lead_id,
        day: at.day,
        demo: at.demo,
        agent: at.agent,
        received_at: new Date(c.received_at),
      });
    }
  }
  return { changes, speed };
}

/** Writes leads' `lead_speed` rows (new ones: their response and claim not yet noted). */
export async function insertSpeedRows(db: Db, rows: readonly Record<string, unknown>[]) {
  await inChunks(rows, (chunk) =>
    sql`insert into lead_speed (lead_id, day, demo, agent, received_at)
      select lead_id, day, demo, agent, received_at
      from jsonb_to_recordset(${json(chunk)}::jsonb) as r(lead_id uuid, day date, demo boolean,
        agent text, received_at timestamptz)`.execute(db),
  );
}

/**
 * Notes on `leads`' speed rows, from the history already written, what the triggers note as it
 * happens: the first response (the first status change away from New, or the first logged
 * contact, on the lead's timeline or on that of a lead merged into it) and the lead's claim.
 */
export async function noteResponsesAndClaims(db: Db, leads: LeadFilter): Promise<void> {
  await sql`update lead_speed s set responded_at = r.at
    from (
      select lead_id, min(at) as at from (
        select coalesce(l.merged_into, l.id) as lead_id, e.at from lead_events e
        join leads l on l.id = e.lead_id
        where ((e.kind = 'status' and e.detail ->> 'from' = 'New' and e.detail ->> 'to' <> 'New')
          or (e.kind = 'note' and e.detail ->> 'contact' in ('call', 'text', 'email')))
          and ${leadIn(sql`coalesce(l.merged_into, l.id)`, leads)}
        union all
        select coalesce(h.lead_id, c.lead_id), h.at from lead_status_changes h
        left join captures c on c.id = h.capture_id
        where h.from_status = 'New' and h.to_status <> 'New'
          and ${leadIn(sql`coalesce(h.lead_id, c.lead_id)`, leads)}
      ) as responses group by lead_id
    ) as r
    where s.lead_id = r.lead_id and r.at >= s.received_at`.execute(db);
  await sql`update lead_speed s set claimed_at = l.claimed_at, claimed_by = lower(u.email)
    from leads l join users u on u.id = l.claimed_by
    where l.id = s.lead_id and l.claimed_at is not null
      and ${leadIn(sql.ref('s.lead_id'), leads)}`.execute(db);
}

/**
 * Adds (`sign` 1) or takes away (-1) `leads`' responses and claims in `speed_daily` and
 * `claim_daily`, by their speed rows; a claim is `within` by the rollups' `claim_minutes`.
 */
export async function addSpeedRollups(db: Db, leads: LeadFilter, sign: 1 | -1): Promise<void> {
  await sql`insert into speed_daily (day, demo, agent, bucket, leads)
    select day, demo, agent,
      speed_bucket(extract(epoch from (responded_at - received_at))::float8) as bucket,
      ${sign}::int * count(*)::int
    from lead_speed s where responded_at is not null and ${leadIn(sql.ref('s.lead_id'), leads)}
    group by day, demo, agent, bucket
    on conflict (day, demo, agent, bucket)
      do update set leads = speed_daily.leads + excluded.leads`.execute(db);
  await sql`insert into claim_daily (day, demo, agent, agent_name, bucket, within, leads)
    select s.day, s.demo, s.claimed_by, max(u.name),
      speed_bucket(extract(epoch from (s.claimed_at - s.received_at))::float8) as bucket,
      coalesce(s.claimed_at - s.received_at < z.claim_minutes * interval '1 minute', false)
        as within,
      ${sign}::int * count(*)::int
    from lead_speed s
    left join users u on lower(u.email) = s.claimed_by
    left join numbers_rollup_zone z on true
    where s.claimed_at is not null and ${leadIn(sql.ref('s.lead_id'), leads)}
    group by s.day, s.demo, s.claimed_by, bucket, within
    on conflict (day, demo, agent, bucket, within) do update
      set leads = claim_daily.leads + excluded.leads,
        agent_name = coalesce(excluded.agent_name, claim_daily.agent_name)`.execute(db);
}

/**
 * Counts every capture and conversation again, in `timeZone`'s days, by the rules the writers
 * use (numbers-rollup.ts), in the caller's transaction, with claims `within` `claimMinutes`:
 * after migration 0010, a change of the brokerage's zone or of `claimMinutes` (see
 * {@link ensureNumbersRollup}), and after `npm run desk -- seed`.
 */
export async function rebuildNumbers(
  db: Db,
  timeZone: string,
  claimMinutes: number,
): Promise<void> {
  const dayOf = dayReader(timeZone);
  await sql`delete from numbers_daily`.execute(db);
  await sql`delete from speed_daily`.execute(db);
  await sql`delete from claim_daily`.execute(db);
  await sql`delete from lead_speed`.execute(db);
  await sql`insert into numbers_rollup_zone (time_zone, claim_minutes)
    values (${timeZone}, ${claimMinutes})
    on conflict (only_row) do update
      set time_zone = excluded.time_zone, claim_minutes = excluded.claim_minutes`.execute(db);
  const { changes, speed } = captureChanges(await captureFacts(db, null), dayOf, 1);
  const conversations = await sql<ConversationFacts & { id: string }>`select v.id,
    ${CONVERSATION_FACTS}`.execute(db);
  const counted: { id: string; counted: unknown }[] = [];
  for (const v of conversations.rows) {
    const at = conversationAttribution(v, timeZone, dayOf(new Date(v.at)));
    changes.push({ at, add: { conversations: 1, chats: at.chat ? 1 : 0 } });
    counted.push({ id: v.id, counted: at });
  }
  await inChunks(dailyRows(changes), (rows) => addDailyRows(db, rows));
  await insertSpeedRows(db, speed);
  await inChunks(counted, (rows) =>
    sql`update conversations v set counted = r.counted
      from jsonb_to_recordset(${json(rows)}::jsonb) as r(id text, counted jsonb)
      where v.id = r.id`.execute(db),
  );
  await noteResponsesAndClaims(db, null);
  await addSpeedRollups(db, null, 1);
}

/**
 * Rebuilds the rollups when they are not in `timeZone`'s days or not judged by `claimMinutes`:
 * right after migrations 0010 and 0015 (which leave them unset), or when the brokerage moved to
 * another zone or changed `claimMinutes`. Returns whether it rebuilt.
 */
export async function ensureNumbersRollup(
  db: Kysely<DeskDatabase>,
  timeZone: string,
  claimMinutes: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // One rebuild when two desks start at once on one database.
    await sql`select pg_advisory_xact_lock(hashtextextended('numbers-rollup', 0))`.execute(trx);
    const zone = await trx
      .selectFrom('numbers_rollup_zone')
      .select(['time_zone', 'claim_minutes'])
      .executeTakeFirst();
    if (zone?.time_zone === timeZone && zone.claim_minutes === claimMinutes) {
      return false;
    }
    await rebuildNumbers(trx, timeZone, claimMinutes);
    return true;
  });
}
