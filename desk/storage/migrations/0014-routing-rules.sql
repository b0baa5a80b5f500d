-- Routing rules the broker edits (issue 27 §3, docs/inbox.md#routing). One row holds the saved
-- rule set and its version (a save names the version it read, so two brokers never overwrite
-- each other unseen); no row means the default rules, which reproduce the routing before rules.

create table routing_rules (
  id boolean primary key default true check (id),
  rules jsonb not null,
  version integer not null check (version > 0),
  updated_at timestamptz not null default now(),
  updated_by text
);

-- Round robin's counts: how many leads each member has had from a round-robin rule. A capture
-- takes its turn under the rule's rows' locks, in its own transaction, so two desks never give
-- the same turn twice.
create table routing_turns (
  rule_id text not null,
  email text not null,
  served bigint not null default 0,
  primary key (rule_id, email)
);

-- The conversation's language (BCP 47, from the widget) the language condition reads.
alter table captures add column language text;
