-- The inbox's listing filter for an agent (desk/inbox/leads-list.ts): their distinct listings
-- by a loose index scan, one probe per listing, not a pass over every lead of theirs.
create index captures_agent_listing
  on captures (lower(assigned_email), (coalesce(listing ->> 'address', listing ->> 'id')));
