-- One queue for every asynchronous job (docs/desk.md#jobs): the deliveries and the weekly report's
-- runs move into `jobs`, rows and all, so pending deliveries and the report's state survive.
-- Only desk/jobs/job-queue.ts writes it.

create table jobs (
  id uuid primary key,
  -- What the job does: 'delivery', 'weekly-report'; each kind has its own retry policy.
  kind text not null,
  -- At most one job per key: enqueueing a key already there adds nothing.
  key text not null unique,
  -- The capture the job is about, and for a delivery its adapter.
  capture_id uuid references captures (id),
  adapter text,
  payload jsonb not null default '{}'::jsonb,
  -- A job being worked is still 'pending', with a lease in locked_until: a crashed worker's job
  -- is taken again once its lease runs out. 'delivered' is done; 'dead' gave up, with the reason.
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0,
  -- Not taken before this time: now, after a backed-off retry, or a scheduled time.
  run_at timestamptz not null default now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  -- Retries stop here and the job is dead; a manual retry sets a new one.
  give_up_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  check (kind <> 'delivery' or (capture_id is not null and adapter is not null))
);
create index jobs_due on jobs (run_at) where status = 'pending';
create index jobs_capture on jobs (capture_id) where capture_id is not null;

insert into jobs (
  id, kind, key, capture_id, adapter, status, attempts, run_at, locked_until, locked_by,
  last_error, give_up_at, created_at, updated_at, finished_at
)
select
  id, 'delivery', 'delivery:' || capture_id || ':' || adapter, capture_id, adapter, status,
  attempts, run_at, locked_until, locked_by, last_error, give_up_at, created_at, updated_at,
  delivered_at
from deliveries;
drop table deliveries;

-- A finished week stays finished; an unfinished claim (its process died) is due when its
-- 10-minute lease would have ended, as before.
insert into jobs (
  id, kind, key, payload, status, attempts, run_at, give_up_at, created_at, updated_at,
  finished_at
)
select
  gen_random_uuid(), name, name || ':' || period, jsonb_build_object('period', period),
  case when finished_at is null then 'pending' else 'delivered' end, 1,
  claimed_at + interval '10 minutes', claimed_at + interval '14 days', claimed_at,
  coalesce(finished_at, claimed_at), finished_at
from scheduled_jobs;
drop table scheduled_jobs;

-- What the inbox, the CLI and the export read: the delivery jobs, under their old name and columns.
create view deliveries as
  select id, capture_id, adapter, status, attempts, run_at, locked_until, locked_by, last_error,
    give_up_at, created_at, updated_at, finished_at as delivered_at
  from jobs
  where kind = 'delivery';

-- The periodic jobs' runs that have started (the weekly report's weeks), one row per period.
create view scheduled_jobs as
  select kind as name, payload ->> 'period' as period, status, attempts, run_at, finished_at
  from jobs
  where payload ->> 'period' is not null and attempts > 0;
