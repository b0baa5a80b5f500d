-- The capture pipeline: people, conversations, captures and the delivery outbox
-- (docs/desk.md#storage). Runs unchanged on PostgreSQL 15+ and PGlite.

create table people (
  id uuid primary key,
  name text,
  phone text,
  email text,
  -- Digits only (with the country code when given) and lower-case email: how people are matched.
  phone_key text,
  email_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index people_phone_key on people (phone_key) where phone_key is not null;
create index people_email_key on people (email_key) where email_key is not null;

create table conversations (
  id text primary key,
  -- 'platform' (end-of-call-report) wins over 'widget' (the page's own transcript).
  source text not null check (source in ('platform', 'widget')),
  channel text,
  transcript text,
  messages jsonb not null default '[]'::jsonb,
  summary text,
  recording_url text,
  duration_seconds double precision,
  ended_reason text,
  page_url text,
  started_at timestamptz,
  ended_at timestamptz,
  demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table captures (
  id uuid primary key,
  idempotency_key text not null unique,
  kind text not null check (kind in ('lead', 'viewing-request')),
  source text not null check (source in ('widget', 'platform')),
  conversation_id text,
  tool_call_id text,
  person_id uuid not null references people (id),
  captured_at timestamptz not null,
  received_at timestamptz not null default now(),
  listing jsonb not null default '{}'::jsonb,
  fields jsonb not null,
  viewing_times jsonb not null default '[]'::jsonb,
  consent_to_contact boolean not null default false,
  consent_version text,
  consent_text text,
  consent_accepted_at timestamptz,
  page_url text,
  assigned_name text,
  assigned_email text,
  assignment_reason text not null,
  status text not null default 'New',
  demo boolean not null default false
);
-- The same tool call arriving from the widget and from the platform is one capture.
create unique index captures_tool_call on captures (conversation_id, tool_call_id)
  where conversation_id is not null and tool_call_id is not null;
create index captures_conversation on captures (conversation_id);
create index captures_person on captures (person_id);
create index captures_received on captures (received_at desc, id desc);

create table deliveries (
  id uuid primary key,
  capture_id uuid not null references captures (id),
  adapter text not null,
  -- A job being worked is still 'pending', with a lease in locked_until: a crashed worker's
  -- job is taken again once its lease runs out.
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0,
  run_at timestamptz not null default now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  -- Retries stop here and the job is dead; a manual retry sets a new one.
  give_up_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (capture_id, adapter)
);
create index deliveries_due on deliveries (run_at) where status = 'pending';
