-- What a finished job learned from the service it called (issue 26 §3, docs/desk.md#delivery):
-- Follow Up Boss's person id from the event's answer, the alert email's Message-ID. The update
-- that follows a lead's alert (the CRM note, the reply in the email's thread) reads it here.
alter table jobs add column result jsonb;
