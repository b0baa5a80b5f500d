-- Claim and escalation (issue 27 §2): the escalation steps a lead has taken while unclaimed, so a
-- step's timer job, run twice or by two desks, moves the lead once. Live inbox (§1): every change
-- to a lead notifies `lead_changed` with the lead's id (no personal data), delivered at commit to
-- every desk listening on the database.

alter table leads add column escalation_step integer not null default 0;

-- One notification per change, not per table touched: every change to a lead adds a line to its
-- timeline (a capture, a claim, an escalation, a status), so lead_events carries them; captures
-- (updated) and lead_notes carry what the inbox still writes outside the timeline. A capture's
-- insert comes with its timeline line, so it needs no trigger of its own on the hot path.
create function notify_lead_changed() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'lead_events' or tg_table_name = 'captures' then
    perform pg_notify('lead_changed', new.lead_id::text);
  else
    perform pg_notify('lead_changed', coalesce(
      new.lead_id, (select c.lead_id from captures c where c.id = new.capture_id))::text);
  end if;
  return null;
end
$$;

create trigger lead_events_notify after insert on lead_events
  for each row execute function notify_lead_changed();
create trigger captures_notify after update on captures
  for each row execute function notify_lead_changed();
create trigger lead_notes_notify after insert on lead_notes
  for each row execute function notify_lead_changed();
