// Over 300 lines as one concept: the daily rollups' one row shape, how a capture and a
// conversation are attributed to it, and the writes that keep it, which must agree to add up.
import { type Kysely, sql, type Transaction } from 'kysely';
import { sourceKey, type VisitSource } from '../../widget/leads/rules/visit-source.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import type { SideInsert } from '../storage/side-inserts.ts';
import { inZone } from '../time/brokerage-time.ts';

/**
 * The numbers' daily rollups (docs/inbox.md#numbers-inboxnumbers): `numbers_daily` is kept by the
 * transactions that store captures and conversations, one upsert each, so the numbers page and
 * the weekly report sum a few hundred rows instead of reading every lead. Each change adds to one
 * row per dimension (`all`, `listing`, `page`, `source`) under one day and agent, so a total is
 * the sum of each of its breakdowns by construction.
 */

type Db = Kysely<DeskDatabase> | Transaction<DeskDatabase>;

/** A group's key when it has no listing, page or agent. */
export const NONE_KEY = '(none)';

/** Where a capture or conversation is counted: its local day and its groups. */
export interface Attribution {
  /** `YYYY-MM-DD` in the brokerage's zone. */
  day: string;
  demo: boolean;
  /** The agent's lower-case email; '' for none. */
  agent: string;
  agentName: string | null;
  listing: string;
  page: string;
  source: string;
}

/** What one change adds (or, negative, takes away). */
export interface Figures {
  conversations?: number;
  chats?: number;
  captures?: number;
  viewings?: number;
  newLeads?: number;
}

/** A conversation's attribution as stored in `conversations.counted`. */
export interface Counted extends Attribution {
  chat: boolean;
}

/** The listing group: its address, else its id. */
export function listingKey(
  listing: { readonly address?: string; readonly id?: string } | null | undefined,
): string {
  return listing?.address ?? listing?.id ?? NONE_KEY;
}

/** The agent's key: the lower-case email, '' for none. */
export function agentKey(email: string | null | undefined): string {
  return email ? email.toLowerCase() : '';
}

/** The local date holding `at` in `timeZone`, `YYYY-MM-DD`. */
export function localDay(at: Date, timeZone: string): string {
  return inZone(at, timeZone).toISODate() ?? '';
}

const DIMENSIONS = ['all', 'listing', 'page', 'source'] as const;

interface DailyRow {
  day: string;
  demo: boolean;
  agent: string;
  dimension: (typeof DIMENSIONS)[number];
  key: string;
  agent_name: string | null;
  conversations: number;
  chats: number;
  captures: number;
  viewings: number;
  new_leads: number;
}

/** Adds each change to its four rows, summing changes that meet on one row. */
export function dailyRows(changes: readonly { at: Attribution; add: Figures }[]): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  for (const { at, add } of changes) {
    for (const dimension of DIMENSIONS) {
      const key = dimension === 'all' ? 'all' : at[dimension];
      const id = JSON.stringify([at.day, dimension, at.demo, at.agent, key]);
      const row = rows.get(id) ?? {
        day: at.day,
        demo: at.demo,
        agent: at.agent,
        dimension,
        key,
        agent_name: null,
        conversations: 0,
        chats: 0,
        captures: 0,
        viewings: 0,
        new_leads: 0,
      };
      row.agent_name = at.agentName ?? row.agent_name;
      row.conversations += add.conversations ?? 0;
      row.chats += add.chats ?? 0;
      row.captures += add.captures ?? 0;
      row.viewings += add.viewings ?? 0;
      row.new_leads += add.newLeads ?? 0;
      rows.set(id, row);
    }
  }
  // One order for every writer: two transactions never wait on each other's rows in a circle.
  return [...rows.entries()]
    .filter(([, r]) => r.conversations || r.chats || r.captures || r.viewings || r.new_leads)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, r]) => r);
}

/**
 * Shares of a day's rows: a session adds to the one its backend's process id names, so two
 * transactions storing captures at once (two connections, two desks) add to different rows and
 * neither waits for the other's commit (migrations/0017-numbers-shards.sql). A transaction's rows
 * are all in its own session's share, each statement's in the order {@link dailyRows} gives, so
 * shares add no new way for two transactions to wait on each other in a circle.
 */
const SHARDS = 16;
const sessionShard = sql<number>`(pg_backend_pid() % ${sql.lit(SHARDS)})`;

/** The upsert adding rows to `numbers_daily`, unexecuted; `rows` must not be empty. */
function dailyRowsInsert(db: Db, rows: readonly DailyRow[]) {
  return db
    .insertInto('numbers_daily')
    .values(rows.map((row) => ({ ...row, shard: sessionShard })))
    .onConflict((oc) =>
      oc.columns(['day', 'dimension', 'demo', 'agent', 'key', 'shard']).doUpdateSet({
        agent_name: sql`coalesce(excluded.agent_name, numbers_daily.agent_name)`,
        conversations: sql`numbers_daily.conversations + excluded.conversations`,
        chats: sql`numbers_daily.chats + excluded.chats`,
        captures: sql`numbers_daily.captures + excluded.captures`,
        viewings: sql`numbers_daily.viewings + excluded.viewings`,
        new_leads: sql`numbers_daily.new_leads + excluded.new_leads`,
      }),
    );
}

/** Adds rows to `numbers_daily` in one statement. */
export async function addDailyRows(db: Db, rows: readonly DailyRow[]): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await dailyRowsInsert(db, rows).execute();
}

/** A stored capture, as the numbers count it. */
export interface CountedCapture {
  leadId: string;
  /** The capture made its lead (the person's first). */
  newLead: boolean;
  viewing: boolean;
  receivedAt: Date;
  demo: boolean;
  assignedEmail: string | null;
  assignedName: string | null;
  listing: { readonly address?: string; readonly id?: string };
  pageUrl: string | null;
  visitSource: VisitSource | null;
}

/**
 * The inserts that count a capture, unexecuted, for the capture's own statement (one round trip
 * for all of it): its day's rows, and the lead's speed-to-lead row when it made the lead. Its
 * conversation is counted after ({@link countConversation}), once the capture's row is there.
 */
export function captureCountInserts(
  trx: Db,
  timeZone: string,
  capture: CountedCapture,
): SideInsert[] {
  const at: Attribution = {
    day: localDay(capture.receivedAt, timeZone),
    demo: capture.demo,
    agent: agentKey(capture.assignedEmail),
    agentName: capture.assignedName,
    listing: listingKey(capture.listing),
    page: capture.pageUrl ?? NONE_KEY,
    source: sourceKey(capture.visitSource),
  };
  // Never empty: a capture always adds to `captures`.
  const daily = dailyRowsInsert(
    trx,
    dailyRows([
      {
        at,
        add: { captures: 1, viewings: capture.viewing ? 1 : 0, newLeads: capture.newLead ? 1 : 0 },
      },
    ]),
  );
  if (!capture.newLead) {
    return [daily];
  }
  const speed = trx
    .insertInto('lead_speed')
    .values({
      lead_id: capture.leadId,
      day: at.day,
      demo: at.demo,
      agent: at.agent,
      received_at: capture.receivedAt,
    })
    .onConflict((oc) => oc.column('lead_id').doNothing());
  return [daily, speed];
}

export interface ConversationFacts {
  channel: string | null;
  demo: boolean;
  page_url: string | null;
  listing: unknown;
  visit_source: unknown;
  counted: unknown;
  at: Date;
  assigned_email: string | null;
  assigned_name: string | null;
  c_listing: unknown;
  c_page: string | null;
  c_source: unknown;
}

/** A jsonb value as the driver gives it: parsed already (PostgreSQL) or as text. */
export function parsed<T>(value: unknown): T | null {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T | null;
}

/** Where a conversation counts: its own facts, else its first capture's. */
export function conversationAttribution(
  facts: ConversationFacts,
  timeZone: string,
  day: string | null,
): Counted {
  const own = listingKey(parsed<Record<string, string>>(facts.listing));
  const source =
    parsed<VisitSource>(facts.visit_source) ?? parsed<VisitSource>(facts.c_source) ?? null;
  return {
    day: day ?? localDay(facts.at, timeZone),
    demo: facts.demo,
    agent: agentKey(facts.assigned_email),
    agentName: facts.assigned_name,
    listing: own === NONE_KEY ? listingKey(parsed<Record<string, string>>(facts.c_listing)) : own,
    page: facts.page_url ?? facts.c_page ?? NONE_KEY,
    source: sourceKey(source),
    chat: facts.channel === 'chat',
  };
}

const COUNTED_KEYS = [
  'day',
  'demo',
  'agent',
  'agentName',
  'listing',
  'page',
  'source',
  'chat',
] as const satisfies readonly (keyof Counted)[];

/** Field by field: `counted` comes back from jsonb with its keys in another order. */
function sameAttribution(a: Counted, b: Counted): boolean {
  return COUNTED_KEYS.every((key) => (a[key] ?? null) === (b[key] ?? null));
}

/** The facts a conversation's attribution is made of; its first capture's by receipt. */
export const CONVERSATION_FACTS = sql`v.channel, v.demo, v.page_url, v.listing, v.visit_source,
  v.counted, coalesce(v.started_at, v.created_at) as at, c.assigned_email, c.assigned_name,
  c.listing as c_listing, c.page_url as c_page, c.visit_source as c_source
  from conversations v left join lateral (
    select f.assigned_email, f.assigned_name, f.listing, f.page_url, f.visit_source
    from captures f where f.conversation_id = v.id order by f.received_at, f.id limit 1
  ) c on true`;

/**
 * Makes `numbers_daily` count conversation `id` where it belongs now, in the caller's
 * transaction: counted once, on the day it started; moved (taken off its old rows, added to its
 * new ones) when a capture or a later report tells its agent, listing, page or source.
 */
export async function countConversation(trx: Db, id: string, timeZone: string): Promise<void> {
  const { rows } = await sql<ConversationFacts>`select ${CONVERSATION_FACTS}
    where v.id = ${id}`.execute(trx);
  const facts = rows[0];
  if (!facts) {
    return;
  }
  const before = parsed<Counted>(facts.counted);
  const now = conversationAttribution(facts, timeZone, before?.day ?? null);
  if (before && sameAttribution(before, now)) {
    return;
  }
  const one = (chat: boolean, sign: 1 | -1): Figures => ({
    conversations: sign,
    chats: chat ? sign : 0,
  });
  await addDailyRows(
    trx,
    dailyRows([
      ...(before ? [{ at: before, add: one(before.chat, -1) }] : []),
      { at: now, add: one(now.chat, 1) },
    ]),
  );
  await trx
    .updateTable('conversations')
    .set({ counted: json(now) })
    .where('id', '=', id)
    .execute();
}
