-- Time to claim (issue 27 §2, docs/inbox.md#numbers-inboxnumbers) and the logged contact: a note
-- marked as a call, text or email counts as contact (it claims the lead and answers it for speed
-- to lead), and each new lead's claim is rolled up by day and by the agent who claimed it, kept
-- by the claim's own transaction (the trigger below), like speed to lead in 0010-numbers.sql.

-- How the writer reached the person, when the note logs a contact; null for a plain note.
alter table lead_notes add column contact text check (contact in ('call', 'text', 'email'));

-- The lead's claim as the numbers count it: the first one, and who made it (lower-case email).
alter table lead_speed add column claimed_at timestamptz;
alter table lead_speed add column claimed_by text;

-- The claims of each day's new leads, by the agent who claimed, in the 10% buckets of
-- speed_daily, split by whether the claim came within `claimMinutes` of the lead's arrival.
create table claim_daily (
  day date not null,
  demo boolean not null,
  agent text not null,
  agent_name text,
  bucket integer not null,
  within boolean not null,
  leads integer not null,
  primary key (day, demo, agent, bucket, within)
);

-- The `claimMinutes` the rollups' `within` was judged by. Null until the desk rebuilds them in
-- its start (desk/leads/numbers-rebuild.ts), as it does whenever this differs from the setting.
alter table numbers_rollup_zone add column claim_minutes double precision;

create function lead_speed_claimed() returns trigger language plpgsql as $$
declare
  s lead_speed;
  claimer users;
  minutes double precision;
begin
  select * into claimer from users where id = new.claimed_by;
  update lead_speed set claimed_at = new.claimed_at, claimed_by = lower(claimer.email)
  where lead_id = new.id and claimed_at is null and claimer.email is not null
  returning * into s;
  if found then
    select claim_minutes into minutes from numbers_rollup_zone;
    insert into claim_daily (day, demo, agent, agent_name, bucket, within, leads)
    values (s.day, s.demo, s.claimed_by, claimer.name,
      speed_bucket(extract(epoch from (s.claimed_at - s.received_at))::float8),
      coalesce(s.claimed_at - s.received_at < minutes * interval '1 minute', false), 1)
    on conflict (day, demo, agent, bucket, within) do update
      set leads = claim_daily.leads + 1, agent_name = excluded.agent_name;
  end if;
  return null;
end
$$;
create trigger leads_claim_numbers after update of claimed_at on leads
  for each row when (old.claimed_at is null and new.claimed_at is not null)
  execute function lead_speed_claimed();
