-- Numbers that add up (issue 26 §4, docs/inbox.md#numbers-inboxnumbers): where a visitor came from, on every
-- capture and conversation; and daily rollups of the figures, kept by the transactions that
-- write captures and conversations, so the numbers page reads a few hundred rows, not every lead.

-- Where the visitor came from, as the widget read it from the page they landed on: utm_source,
-- utm_medium, utm_campaign, the referrer's host, and whether a gclid or fbclid was present (a
-- flag, never its value). Null when the sender told nothing (the platform, older widgets).
alter table captures add column visit_source jsonb;
alter table conversations add column visit_source jsonb;
-- The listing a conversation was about, from the widget's report (a capture carries its own).
alter table conversations add column listing jsonb;
-- The keys a conversation was counted under in numbers_daily, so a capture arriving after it can
-- move it to its agent (and listing) without counting it twice.
alter table conversations add column counted jsonb;

-- One row per local day (the brokerage's zone, by the desk's pinned tz database), demo or not,
-- agent (lower-case email; '' for none), and breakdown: dimension 'all' (key 'all') holds the
-- totals, 'listing', 'page' and 'source' their groups. Every write adds to one row of each
-- dimension, so a total always equals the sum of any breakdown.
create table numbers_daily (
  day date not null,
  demo boolean not null,
  agent text not null,
  dimension text not null check (dimension in ('all', 'listing', 'page', 'source')),
  key text not null,
  agent_name text,
  conversations integer not null default 0,
  chats integer not null default 0,
  captures integer not null default 0,
  viewings integer not null default 0,
  new_leads integer not null default 0,
  primary key (day, dimension, demo, agent, key)
);

-- Speed to lead, one row per lead: its first capture, and its first response (the first status
-- change away from New, or the first logged contact), set by the triggers below.
create table lead_speed (
  lead_id uuid primary key references leads (id),
  day date not null,
  demo boolean not null,
  agent text not null,
  received_at timestamptz not null,
  responded_at timestamptz
);

-- The responses of each day's new leads, by agent, in buckets 10% wide (bucket b holds
-- 1.1^b to 1.1^(b+1) seconds): the median and p90 come from a few hundred rows, to within 5%.
create table speed_daily (
  day date not null,
  demo boolean not null,
  agent text not null,
  bucket integer not null,
  leads integer not null,
  primary key (day, demo, agent, bucket)
);

create function speed_bucket(seconds double precision) returns integer
language sql immutable as $$
  select floor(ln(greatest(seconds, 1)) / ln(1.1))::integer;
$$;

-- Which zone's days the rollups are in: the desk rebuilds them (desk/leads/numbers-rollup.ts)
-- when this differs from the brokerage's zone, which is the case right after this migration, so
-- existing data is counted on the next start.
create table numbers_rollup_zone (
  only_row boolean primary key default true check (only_row),
  time_zone text not null
);

-- The first response noted for a lead counts; a later one changes nothing.
create function lead_speed_responded(p_lead uuid, p_at timestamptz) returns void
language plpgsql as $$
declare
  s lead_speed;
begin
  update lead_speed set responded_at = p_at
  where lead_id = p_lead and responded_at is null and p_at >= received_at
  returning * into s;
  if found then
    insert into speed_daily (day, demo, agent, bucket, leads)
    values (s.day, s.demo, s.agent,
      speed_bucket(extract(epoch from (p_at - s.received_at))::float8), 1)
    on conflict (day, demo, agent, bucket) do update set leads = speed_daily.leads + 1;
  end if;
end
$$;

create function lead_speed_from_event() returns trigger language plpgsql as $$
begin
  if (new.kind = 'status' and new.detail ->> 'from' = 'New' and new.detail ->> 'to' <> 'New')
    or (new.kind = 'note' and new.detail ->> 'contact' in ('call', 'text', 'email')) then
    perform lead_speed_responded(new.lead_id, new.at);
  end if;
  return null;
end
$$;
create trigger lead_events_speed after insert on lead_events
  for each row execute function lead_speed_from_event();

create function lead_speed_from_status() returns trigger language plpgsql as $$
begin
  if new.from_status = 'New' and new.to_status <> 'New' then
    perform lead_speed_responded(
      coalesce(new.lead_id, (select c.lead_id from captures c where c.id = new.capture_id)),
      new.at);
  end if;
  return null;
end
$$;
create trigger lead_status_changes_speed after insert on lead_status_changes
  for each row execute function lead_speed_from_status();
