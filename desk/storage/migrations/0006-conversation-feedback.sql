-- The visitor's answer to "How was this conversation?" (issue 29 §4), as the widget posts it to
-- POST /leads with kind 'feedback': one row per answer (its idempotency key), by conversation id.
-- No foreign key: the answer may arrive before, or without, the conversation's own record.
create table conversation_feedback (
  idempotency_key text primary key,
  conversation_id text,
  channel text check (channel in ('call', 'chat')),
  rating smallint not null check (rating between 1 and 5),
  comment text,
  given_at timestamptz not null,
  received_at timestamptz not null default now(),
  page_url text,
  demo boolean not null default false
);

create index conversation_feedback_conversation on conversation_feedback (conversation_id);
