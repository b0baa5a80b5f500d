import { type Kysely, sql, type Transaction } from 'kysely';
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

function dayReader(timeZone: string): (at: Date) => string {
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

interface CaptureFacts {
  lead_id: string;
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

/**
 * Counts every capture and conversation again, in `timeZone`'s days, by the rules the writers
 * use (numbers-rollup.ts), in the caller's transaction: after migration 0010 and a change of the
 * brokerage's zone (see {@link ensureNumbersRollup}), and after `npm run desk -- seed`.
 */
export async function rebuildNumbers(db: Db, timeZone: string): Promise<void> {
  const dayOf = dayReader(timeZone);
  await sql`delete from numbers_daily`.execute(db);
  await sql`delete from speed_daily`.execute(db);
  await sql`delete from lead_speed`.execute(db);
  const captures = await sql<CaptureFacts>`select c.lead_id, c.kind, c.received_at, c.demo,
      c.assigned_email, c.assigned_name, c.listing, c.page_url, c.visit_source,
      row_number() over (partition by c.lead_id order by c.received_at, c.id) = 1 as first
    from captures c`.execute(db);
  const changes: Parameters<typeof dailyRows>[0][number][] = [];
  const speed: Record<string, unknown>[] = [];
  for (const c of captures.rows) {
    const at = {
      day: dayOf(new Date(c.received_at)),
      demo: c.demo,
      agent: agentKey(c.assigned_email),
      agentName: c.assigned_name,
      listing: listingKey(parsed<Record<string, string>>(c.listing)),
      page: c.page_url ?? NONE_KEY,
      source: sourceKey(parsed<VisitSource>(c.visit_source)),
    };
    const viewing = c.kind === 'viewing-request' ? 1 : 0;
    changes.push({ at, add: { captures: 1, viewings: viewing, newLeads: c.first ? 1 : 0 } });
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
  const conversations = await sql<ConversationFacts & { id: string }>`select v.id,
    ${CONVERSATION_FACTS}`.execute(db);
  const counted: { id: string; counted: unknown }[] = [];
  for (const v of conversations.rows) {
    const at = conversationAttribution(v, timeZone, dayOf(new Date(v.at)));
    changes.push({ at, add: { conversations: 1, chats: at.chat ? 1 : 0 } });
    counted.push({ id: v.id, counted: at });
  }
  await inChunks(dailyRows(changes), (rows) => addDailyRows(db, rows));
  await inChunks(speed, (rows) =>
    sql`insert into lead_speed (lead_id, day, demo, agent, received_at)
      select lead_id, day, demo, agent, received_at
      from jsonb_to_recordset(${json(rows)}::jsonb) as r(lead_id uuid, day date, demo boolean,
        agent text, received_at timestamptz)`.execute(db),
  );
  await inChunks(counted, (rows) =>
    sql`update conversations v set counted = r.counted
      from jsonb_to_recordset(${json(rows)}::jsonb) as r(id text, counted jsonb)
      where v.id = r.id`.execute(db),
  );
  // The first response the triggers would have noted, from the history already written.
  await sql`update lead_speed s set responded_at = r.at
    from (
      select lead_id, min(at) as at from (
        select e.lead_id, e.at from lead_events e
        where (e.kind = 'status' and e.detail ->> 'from' = 'New' and e.detail ->> 'to' <> 'New')
          or (e.kind = 'note' and e.detail ->> 'contact' in ('call', 'text', 'email'))
        union all
        select coalesce(h.lead_id, c.lead_id), h.at from lead_status_changes h
        left join captures c on c.id = h.capture_id
        where h.from_status = 'New' and h.to_status <> 'New'
      ) as responses group by lead_id
    ) as r
    where s.lead_id = r.lead_id and r.at >= s.received_at`.execute(db);
  await sql`insert into speed_daily (day, demo, agent, bucket, leads)
    select day, demo, agent,
      speed_bucket(extract(epoch from (responded_at - received_at))::float8) as bucket,
      count(*)::int
    from lead_speed where responded_at is not null
    group by day, demo, agent, bucket`.execute(db);
  await sql`insert into numbers_rollup_zone (time_zone) values (${timeZone})
    on conflict (only_row) do update set time_zone = excluded.time_zone`.execute(db);
}

/**
 * Rebuilds the rollups when they are not in `timeZone`'s days: right after migration 0010 (which
 * leaves them empty), or when the brokerage moved to another zone. Returns whether it rebuilt.
 */
export async function ensureNumbersRollup(
  db: Kysely<DeskDatabase>,
  timeZone: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // One rebuild when two desks start at once on one database.
    await sql`select pg_advisory_xact_lock(hashtextextended('numbers-rollup', 0))`.execute(trx);
    const zone = await trx.selectFrom('numbers_rollup_zone').select('time_zone').executeTakeFirst();
    if (zone?.time_zone === timeZone) {
      return false;
    }
    await rebuildNumbers(trx, timeZone);
    return true;
  });
}
