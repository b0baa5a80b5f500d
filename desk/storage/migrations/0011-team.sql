-- The team lives in the database (issue 27 §4, docs/inbox.md#team-inboxteam): each user gains what routing
-- and alerts need (phone, listings owned, active, a pause, on duty, an order), a user may exist
-- before they have a password (added, then invited), and one-time links (invite, reset) are
-- stored as their SHA-256 only. assistant.config.json `agents` seeds the team once (team_seed).

alter table users alter column password_hash drop not null;
alter table users add column phone text;
-- Listing ids and listing-agent names whose leads this user owns (routing's listing agent).
alter table users add column owns jsonb not null default '[]'::jsonb;
alter table users add column active boolean not null default true;
alter table users add column deactivated_at timestamptz;
-- A pause (vacation) from a date to a date, both included, in the brokerage's time zone.
alter table users add column paused_from text check (paused_from ~ '^\d{4}-\d{2}-\d{2}$');
alter table users add column paused_to text check (paused_to ~ '^\d{4}-\d{2}-\d{2}$');
alter table users add constraint users_pause_range check (
  (paused_from is null) = (paused_to is null) and (paused_from is null or paused_from <= paused_to)
);
alter table users add column on_duty boolean not null default false;
-- Routing's order: the first broker gets what no rule takes. Seeded agents in the config's
-- order, later ones after them.
alter table users add column position integer;

-- One row once assistant.config.json's agents have seeded the team; from then on the database
-- is the team's source of truth and routing reads it.
create table team_seed (
  id boolean primary key default true check (id),
  seeded_at timestamptz not null default now()
);

-- Invite and reset links: only the token's SHA-256 is stored; a link is used once.
create table user_tokens (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('invite', 'reset')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index user_tokens_user on user_tokens (user_id, created_at);
