-- The broker's inbox (docs/desk.md#inbox): users and their sessions, sign-in failures for the
-- rate limit, notes, status history, the audit log, the scheduled weekly report, and a
-- full-text search vector on captures. Runs unchanged on PostgreSQL 15+ and PGlite.

create table users (
  id uuid primary key,
  -- Stored lower-case, so `unique` is case-insensitive.
  email text not null unique check (email = lower(email)),
  name text not null,
  role text not null check (role in ('broker', 'agent')),
  -- scrypt$N$r$p$salt$hash (desk/auth/password.ts).
  password_hash text not null,
  created_at timestamptz not null default now()
);

create table sessions (
  -- SHA-256 of the cookie's token: a leaked table does not hold usable cookies.
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  csrf_token text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index sessions_user on sessions (user_id);

-- One row per failed sign-in; the limit counts rows per email and per IP over 15 minutes, so it
-- holds across desk processes.
create table login_failures (
  id bigint generated always as identity primary key,
  email text not null,
  ip text not null,
  at timestamptz not null default now()
);
create index login_failures_email on login_failures (email, at);
create index login_failures_ip on login_failures (ip, at);

create table lead_notes (
  id uuid primary key,
  capture_id uuid not null references captures (id),
  user_id uuid references users (id) on delete set null,
  text text not null,
  created_at timestamptz not null default now()
);
create index lead_notes_capture on lead_notes (capture_id, created_at);

-- Every status change, for speed to lead (the first change away from New).
create table lead_status_changes (
  id bigint generated always as identity primary key,
  capture_id uuid not null references captures (id),
  from_status text not null,
  to_status text not null,
  user_id uuid references users (id) on delete set null,
  at timestamptz not null default now()
);
create index lead_status_changes_capture on lead_status_changes (capture_id, at);

create table audit_log (
  id bigint generated always as identity primary key,
  user_id uuid references users (id) on delete set null,
  -- The user's email at the time: the row still says who after the user is deleted.
  user_email text,
  at timestamptz not null default now(),
  action text not null,
  capture_id uuid references captures (id),
  detail jsonb not null default '{}'::jsonb
);
create index audit_log_capture on audit_log (capture_id, at) where capture_id is not null;

-- Jobs run once per period by whichever desk process claims the row first (the weekly report).
-- A claim that never finished (a crash) may be taken again after its lease.
create table scheduled_jobs (
  name text not null,
  period text not null,
  claimed_by text not null,
  claimed_at timestamptz not null,
  finished_at timestamptz,
  primary key (name, period)
);

-- The inbox's filters, each in the list's keyset order.
create index captures_status_received on captures (status, received_at desc, id desc);
create index captures_agent_received on captures (lower(assigned_email), received_at desc, id desc);
create index captures_listing_received
  on captures ((coalesce(listing ->> 'address', listing ->> 'id')), received_at desc, id desc);

alter table captures add column search tsvector;
create index captures_search on captures using gin (search);

-- The words a lead is found by: the person's name, phone (its digit groups, all its digits, and
-- the last ten digits: the inbox joins a searched number's digits the same way) and email, the listing, the conversation's transcript and the notes.
create function inbox_search_vector(p_capture uuid, p_person uuid, p_conversation text, p_listing jsonb)
returns tsvector language plpgsql stable as $$
declare
  person_words text;
  conversation_words text;
  note_words text;
begin
  select concat_ws(' ', p.name, regexp_replace(p.phone, '[^0-9]+', ' ', 'g'), p.email, p.phone_key,
      right(p.phone_key, 10))
    into person_words from people p where p.id = p_person;
  select coalesce(v.transcript,
      (select string_agg(m ->> 'text', ' ') from jsonb_array_elements(v.messages) m))
    into conversation_words from conversations v where v.id = p_conversation;
  select string_agg(n.text, ' ') into note_words from lead_notes n where n.capture_id = p_capture;
  return to_tsvector('english'::regconfig, concat_ws(' ', person_words,
      p_listing ->> 'address', p_listing ->> 'id', p_listing ->> 'agentName'))
    || to_tsvector('english'::regconfig, coalesce(conversation_words, ''))
    || to_tsvector('english'::regconfig, coalesce(note_words, ''));
end
$$;

-- A bulk load (npm run desk -- seed) sets inbox.bulk_search = 'on' for its transaction and
-- builds the vectors in one statement afterwards, rather than row by row.
create function inbox_capture_search() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('inbox.bulk_search', true), '') = 'on' then
    return new;
  end if;
  new.search := inbox_search_vector(new.id, new.person_id, new.conversation_id, new.listing);
  return new;
end
$$;
create trigger captures_search_row before insert or update of person_id, conversation_id, listing
  on captures for each row execute function inbox_capture_search();

create function inbox_person_search() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('inbox.bulk_search', true), '') = 'on' then
    return null;
  end if;
  update captures c
    set search = inbox_search_vector(c.id, c.person_id, c.conversation_id, c.listing)
    where c.person_id = new.id;
  return null;
end
$$;
create trigger people_search after update of name, phone, email on people
  for each row
  when (old.name is distinct from new.name or old.phone is distinct from new.phone
        or old.email is distinct from new.email)
  execute function inbox_person_search();

create function inbox_conversation_search() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('inbox.bulk_search', true), '') = 'on' then
    return null;
  end if;
  update captures c
    set search = inbox_search_vector(c.id, c.person_id, c.conversation_id, c.listing)
    where c.conversation_id = new.id;
  return null;
end
$$;
create trigger conversations_search after insert or update of transcript, messages on conversations
  for each row execute function inbox_conversation_search();

create function inbox_note_search() returns trigger language plpgsql as $$
begin
  update captures c
    set search = inbox_search_vector(c.id, c.person_id, c.conversation_id, c.listing)
    where c.id = new.capture_id;
  return null;
end
$$;
create trigger lead_notes_search after insert on lead_notes
  for each row execute function inbox_note_search();

-- Captures stored before this migration.
update captures c
  set search = inbox_search_vector(c.id, c.person_id, c.conversation_id, c.listing);
