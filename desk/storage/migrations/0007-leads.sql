-- One person, one lead (issue 26 §2, docs/inbox.md#leads): a lead is one person at the brokerage,
-- with one status, one assignee and an append-only timeline. Captures (details left, viewing
-- requests) belong to a lead; so do notes, status changes and audited changes. Existing captures
-- fold into one lead per person, whose id is the person's id; nothing is deleted.

create table leads (
  id uuid primary key,
  -- One lead per person. A merged person's lead points at the lead it went into (merged_into);
  -- a new capture of that person joins the lead it was merged into.
  person_id uuid not null unique references people (id),
  status text not null default 'New',
  assigned_name text,
  assigned_email text,
  assignment_reason text not null,
  -- Claiming (issue 27 §2): who took the lead, and when.
  claimed_by uuid references users (id) on delete set null,
  claimed_at timestamptz,
  demo boolean not null default false,
  created_at timestamptz not null default now(),
  -- The newest capture, conversation, note or change: the inbox's list is in this order.
  last_activity_at timestamptz not null default now(),
  merged_into uuid references leads (id),
  merged_at timestamptz
);
create index leads_activity on leads (last_activity_at desc, id desc) where merged_into is null;
create index leads_status_activity on leads (status, last_activity_at desc, id desc)
  where merged_into is null;
create index leads_agent_activity on leads (lower(assigned_email), last_activity_at desc, id desc)
  where merged_into is null;
create index leads_merged_into on leads (merged_into) where merged_into is not null;

-- The timeline: one row per thing that happened to a lead, never updated (a trigger refuses).
-- kind: 'received' (its first capture), 'returned' (a capture in a later conversation),
-- 'capture' (another capture in a conversation already on the lead), 'conversation' (a
-- conversation ended), 'status', 'assigned', 'note', 'delivery-retry', 'alert', 'merged',
-- 'claimed', 'escalated'. detail holds the kind's own facts (docs/inbox.md#timeline).
create table lead_events (
  id bigint generated always as identity primary key,
  lead_id uuid not null references leads (id),
  at timestamptz not null default now(),
  kind text not null,
  capture_id uuid references captures (id),
  conversation_id text,
  user_id uuid references users (id) on delete set null,
  -- The user's email at the time: the line still says who after the user is deleted.
  user_email text,
  detail jsonb not null default '{}'::jsonb
);
create index lead_events_lead on lead_events (lead_id, at, id);

create function lead_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'a lead''s timeline is append-only';
end
$$;
create trigger lead_events_no_update before update on lead_events
  for each row execute function lead_events_append_only();

alter table captures add column lead_id uuid references leads (id);
alter table lead_notes add column lead_id uuid references leads (id);
alter table lead_status_changes add column lead_id uuid references leads (id);
alter table audit_log add column lead_id uuid references leads (id);

-- Each person's lead takes the status and assignee of the capture changed last (its newest
-- status change, else its newest arrival).
insert into leads (
  id, person_id, status, assigned_name, assigned_email, assignment_reason, demo, created_at,
  last_activity_at
)
select distinct on (c.person_id)
  c.person_id, c.person_id, c.status, c.assigned_name, c.assigned_email, c.assignment_reason,
  c.demo, span.first_at, span.last_at
from captures c
join (
  select person_id, min(received_at) as first_at, max(received_at) as last_at
  from captures group by person_id
) as span on span.person_id = c.person_id
order by c.person_id,
  coalesce((select max(s.at) from lead_status_changes s where s.capture_id = c.id), c.received_at) desc,
  c.id desc;

update captures set lead_id = person_id;
update lead_notes n set lead_id = c.lead_id from captures c where c.id = n.capture_id;
update lead_status_changes s set lead_id = c.lead_id from captures c where c.id = s.capture_id;
update audit_log a set lead_id = c.lead_id from captures c where c.id = a.capture_id;

alter table captures alter column lead_id set not null;
create index captures_lead on captures (lead_id, received_at);

-- The timeline of the folded captures: the first capture is 'received' with the assignee it was
-- received with (the first audited reassignment's "from", else its assignee now); a capture in a
-- conversation the lead had not seen is 'returned'; the rest are 'capture'.
insert into lead_events (lead_id, at, kind, capture_id, conversation_id, detail)
select c.lead_id, c.received_at,
  case
    when c.id = (select f.id from captures f where f.lead_id = c.lead_id
                 order by f.received_at, f.id limit 1) then 'received'
    when c.conversation_id is null or not exists (
      select 1 from captures e
      where e.lead_id = c.lead_id and e.conversation_id = c.conversation_id
        and (e.received_at, e.id) < (c.received_at, c.id)) then 'returned'
    else 'capture'
  end,
  c.id, c.conversation_id,
  jsonb_build_object(
    'captureKind', c.kind,
    'assignedName', coalesce(
      (select a.detail ->> 'fromName' from audit_log a
       where a.capture_id = c.id and a.action = 'assignment' order by a.at, a.id limit 1),
      c.assigned_name),
    'assignedEmail', coalesce(
      (select a.detail ->> 'from' from audit_log a
       where a.capture_id = c.id and a.action = 'assignment' order by a.at, a.id limit 1),
      c.assigned_email),
    'reason', c.assignment_reason)
from captures c;

-- The audited changes, in their order: a status change, a reassignment, a note, a retry.
insert into lead_events (lead_id, at, kind, capture_id, user_id, user_email, detail)
select a.lead_id, a.at,
  case a.action when 'assignment' then 'assigned' else a.action end,
  a.capture_id, a.user_id, a.user_email, a.detail
from audit_log a
where a.lead_id is not null and a.action in ('status', 'assignment', 'note', 'delivery-retry')
order by a.at, a.id;
