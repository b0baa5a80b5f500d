// Over 300 lines as one concept: the database's tables as Kysely's types, one interface a table.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { VisitSource } from '../../widget/leads/rules/visit-source.ts';

// jsonb values are written as JSON text (see `json()` in database.ts): node-postgres would turn
// a JS array into a Postgres array literal, not JSON.

/** A timestamp column: read as a `Date`, written as a `Date` or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills when the row is written. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** `people`: one row per person, matched by normalised phone or email. */
export interface PeopleTable {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  phone_key: string | null;
  email_key: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One line of a conversation, as stored. */
export interface StoredMessage {
  role: 'assistant' | 'user' | 'sample-visitor' | 'system' | 'tool';
  text: string;
  /** Seconds from the conversation's start, when known. */
  secondsFromStart?: number;
}

/** `conversations`: a call or chat, its transcript and outcome. */
export interface ConversationsTable {
  id: string;
  source: 'platform' | 'widget';
  channel: string | null;
  transcript: string | null;
  messages: JSONColumnType<StoredMessage[], string, string>;
  summary: string | null;
  recording_url: string | null;
  duration_seconds: number | null;
  ended_reason: string | null;
  page_url: string | null;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  demo: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Where the visitor came from (`widget/leads/rules/visit-source.ts`); null when not told. */
  visit_source: ColumnType<VisitSource | null, string | null | undefined, string | null>;
  /** The listing the widget's report named. */
  listing: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** The keys the conversation is counted under in `numbers_daily` (desk/leads/numbers-rollup.ts). */
  counted: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** `conversation_feedback`: the visitor's rating of a conversation (issue 29 §4). */
export interface ConversationFeedbackTable {
  idempotency_key: string;
  conversation_id: string | null;
  channel: 'call' | 'chat' | null;
  rating: number;
  comment: string | null;
  given_at: Timestamp;
  received_at: DefaultTimestamp;
  page_url: string | null;
  demo: Generated<boolean>;
}

/** A viewing time resolved to an instant in the brokerage's zone, with the words as said. */
export interface StoredViewingTime {
  said: string;
  start: string | null;
  timeZone: string;
  approximate?: boolean;
}

/** `captures`: each lead or viewing request, with its listing, fields and consent evidence. */
export interface CapturesTable {
  id: string;
  idempotency_key: string;
  kind: 'lead' | 'viewing-request';
  source: 'widget' | 'platform';
  conversation_id: string | null;
  tool_call_id: string | null;
  person_id: string;
  /** The lead (one per person) the capture belongs to. */
  lead_id: string;
  captured_at: Timestamp;
  received_at: DefaultTimestamp;
  listing: JSONColumnType<Record<string, string>, string, string>;
  fields: JSONColumnType<Record<string, unknown>, string, string>;
  viewing_times: JSONColumnType<StoredViewingTime[], string, string>;
  consent_to_contact: boolean;
  consent_version: string | null;
  consent_text: string | null;
  consent_accepted_at: Timestamp | null;
  page_url: string | null;
  /** Where the visitor came from (`widget/leads/rules/visit-source.ts`); null when not told. */
  visit_source: ColumnType<VisitSource | null, string | null | undefined, string | null>;
  assigned_name: string | null;
  assigned_email: string | null;
  assignment_reason: string;
  status: Generated<string>;
  demo: Generated<boolean>;
  /** The conversation's language (BCP 47) the widget sent; null when not told. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * `leads`: one person at the brokerage, with one status, one assignee and a timeline
 * (`lead_events`). A merged lead points at the lead it went into.
 */
export interface LeadsTable {
  id: string;
  person_id: string;
  status: Generated<string>;
  assigned_name: string | null;
  assigned_email: string | null;
  assignment_reason: string;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  demo: Generated<boolean>;
  created_at: DefaultTimestamp;
  last_activity_at: DefaultTimestamp;
  merged_into: string | null;
  merged_at: Timestamp | null;
  /** Escalations so far while unclaimed (migration 0013): a step's job runs once. */
  escalation_step: Generated<number>;
  /** The search vector (migrations 0008, 0016): written by a capture, else by triggers. */
  search: Generated<string | null>;
}

/** `lead_events`: a lead's timeline, append-only (the database refuses an update). */
export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: string;
  at: DefaultTimestamp;
  kind: string;
  capture_id: string | null;
  conversation_id: string | null;
  user_id: string | null;
  user_email: string | null;
  detail: JSONColumnType<Record<string, unknown>, string | undefined, string>;
}

/** A job's state; "in progress" is `pending` with a live lease. `delivered` means done. */
export type JobStatus = 'pending' | 'delivered' | 'dead';
/** A delivery's state as the export shows it. */
export type DeliveryStatus = JobStatus;

/** `jobs`: the one queue (docs/desk.md#jobs); only desk/jobs/job-queue.ts writes it. */
export interface JobsTable {
  id: string;
  kind: string;
  key: string;
  capture_id: string | null;
  adapter: string | null;
  payload: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  run_at: DefaultTimestamp;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  give_up_at: Timestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  finished_at: Timestamp | null;
  /** What a delivered job learned from the service it called (a CRM's person id, a Message-ID). */
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** `deliveries`: a view of the delivery jobs (one per capture and adapter), for readers. */
export interface DeliveriesTable
  extends Omit<
    JobsTable,
    'kind' | 'key' | 'payload' | 'capture_id' | 'adapter' | 'finished_at' | 'result'
  > {
  capture_id: string;
  adapter: string;
  delivered_at: Timestamp | null;
}

/** `desk_migrations`: which migration files ran. */
export interface MigrationsTable {
  version: string;
  applied_at: DefaultTimestamp;
}

/** `users`: the inbox's people (docs/desk.md#inbox); email is stored lower-case. */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: 'broker' | 'agent';
  /** Null until the user sets one from their invite link (migration 0011). */
  password_hash: string | null;
  created_at: DefaultTimestamp;
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  owns: JSONColumnType<string[], string | undefined, string>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** `YYYY-MM-DD` in the brokerage's time zone, both included; both null when not paused. */
  paused_from: ColumnType<string | null, string | null | undefined, string | null>;
  paused_to: ColumnType<string | null, string | null | undefined, string | null>;
  on_duty: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number | null, number | null | undefined, number | null>;
}

/** `team_seed`: one row once assistant.config.json's agents seeded the team. */
export interface TeamSeedTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  seeded_at: DefaultTimestamp;
}

/** `user_tokens`: invite and reset links; `id` is the SHA-256 of the link's token. */
export interface UserTokensTable {
  id: string;
  user_id: string;
  purpose: 'invite' | 'reset';
  created_at: Date;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** `sessions`: one row per signed-in browser; `id` is the SHA-256 of the cookie's token. */
export interface SessionsTable {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
}

/** `login_failures`: failed sign-ins, counted per email and per IP for the rate limit. */
export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  at: DefaultTimestamp;
}

/** `lead_notes`: notes the inbox's users add to a lead. */
export interface LeadNotesTable {
  id: string;
  capture_id: string;
  lead_id: string | null;
  user_id: string | null;
  text: string;
  /** The note logs a contact made this way (migration 0015); null for a plain note. */
  contact: Generated<'call' | 'text' | 'email' | null>;
  created_at: DefaultTimestamp;
}

/** `lead_status_changes`: each status change, for speed to lead. */
export interface LeadStatusChangesTable {
  id: Generated<number>;
  capture_id: string;
  lead_id: string | null;
  from_status: string;
  to_status: string;
  user_id: string | null;
  at: DefaultTimestamp;
}

/** `audit_log`: every change made through the inbox (status, assignment, note, retry, export). */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: string | null;
  user_email: string | null;
  at: DefaultTimestamp;
  action: string;
  capture_id: string | null;
  lead_id: string | null;
  detail: JSONColumnType<Record<string, unknown>, string | undefined, string>;
}

/** `scheduled_jobs`: a view of the periodic jobs' runs that have started (the weekly report). */
export interface ScheduledJobsTable {
  name: string;
  period: string;
  status: JobStatus;
  attempts: number;
  run_at: Date;
  finished_at: Date | null;
}

/** `numbers_daily`: the numbers' daily rollups (migrations/0010-numbers.sql). */
export interface NumbersDailyTable {
  day: string;
  demo: boolean;
  agent: string;
  dimension: 'all' | 'listing' | 'page' | 'source';
  key: string;
  agent_name: string | null;
  /** The writing session's share of the day's rows (migrations/0017-numbers-shards.sql). */
  shard: Generated<number>;
  conversations: Generated<number>;
  chats: Generated<number>;
  captures: Generated<number>;
  viewings: Generated<number>;
  new_leads: Generated<number>;
}

/** `lead_speed`: each lead's first capture and first response (migrations/0010-numbers.sql). */
export interface LeadSpeedTable {
  lead_id: string;
  day: string;
  demo: boolean;
  agent: string;
  received_at: Timestamp;
  responded_at: Timestamp | null;
  /** The lead's first claim, and its claimer's lower-case email (migration 0015). */
  claimed_at: Generated<Timestamp | null>;
  claimed_by: Generated<string | null>;
}

/** `claim_daily`: each day's new leads' claims by claimer, in 10% buckets, within `claimMinutes` or not. */
export interface ClaimDailyTable {
  day: string;
  demo: boolean;
  agent: string;
  agent_name: string | null;
  bucket: number;
  within: boolean;
  leads: number;
}

/** `speed_daily`: each day's new leads' responses by agent, in 10% buckets. */
export interface SpeedDailyTable {
  day: string;
  demo: boolean;
  agent: string;
  bucket: number;
  leads: number;
}

/** `numbers_rollup_zone`: the zone whose days the rollups are in. */
export interface NumbersRollupZoneTable {
  only_row: Generated<boolean>;
  time_zone: string;
  /** The `claimMinutes` claim_daily's `within` was judged by; null until rebuilt. */
  claim_minutes: number | null;
}

/** `routing_rules`: the broker's saved routing rules (one row; none: the default rules). */
export interface RoutingRulesTable {
  id: Generated<boolean>;
  /** desk/routing/rules-contract.ts `RoutingRule[]`, as checked when saved. */
  rules: JSONColumnType<Record<string, unknown>[], string, string>;
  version: number;
  updated_at: DefaultTimestamp;
  updated_by: string | null;
}

/** `routing_turns`: how many leads each member has had from a round-robin rule. */
export interface RoutingTurnsTable {
  rule_id: string;
  email: string;
  served: ColumnType<string | number, number | undefined, number | string>;
}

/** Every table of the desk's database, for Kysely's typed queries. */
export interface DeskDatabase {
  people: PeopleTable;
  conversations: ConversationsTable;
  conversation_feedback: ConversationFeedbackTable;
  captures: CapturesTable;
  leads: LeadsTable;
  lead_events: LeadEventsTable;
  jobs: JobsTable;
  deliveries: DeliveriesTable;
  desk_migrations: MigrationsTable;
  users: UsersTable;
  team_seed: TeamSeedTable;
  user_tokens: UserTokensTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  lead_notes: LeadNotesTable;
  lead_status_changes: LeadStatusChangesTable;
  audit_log: AuditLogTable;
  scheduled_jobs: ScheduledJobsTable;
  numbers_daily: NumbersDailyTable;
  lead_speed: LeadSpeedTable;
  speed_daily: SpeedDailyTable;
  claim_daily: ClaimDailyTable;
  numbers_rollup_zone: NumbersRollupZoneTable;
  routing_rules: RoutingRulesTable;
  routing_turns: RoutingTurnsTable;
}
