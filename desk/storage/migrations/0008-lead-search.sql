-- A lead is found by any text it holds (issue 26 §2, docs/inbox.md#search): the names, phone
-- digits and emails of its people, every capture's listing and the visitor's own words in its
-- fields (notes, messages…), every conversation's transcript, and the agents' notes. The search
-- vector moves from each capture to its lead; the list searches leads, one row per person.

drop trigger captures_search_row on captures;
drop trigger people_search on people;
drop trigger conversations_search on conversations;
drop trigger lead_notes_search on lead_notes;
drop function inbox_capture_search();
drop function inbox_person_search();
drop function inbox_conversation_search();
drop function inbox_note_search();
drop function inbox_search_vector(uuid, uuid, text, jsonb);
drop index captures_search;
alter table captures drop column search;

-- A lead's notes are read, and searched, by lead.
create index lead_notes_lead on lead_notes (lead_id, created_at) where lead_id is not null;

alter table leads add column search tsvector;
create index leads_search on leads using gin (search) where merged_into is null;

-- Each part is cut to its first and last 100,000 characters: a tsvector holds at most 1 MB
-- (0005-search-transcript-cap.sql), and a lead may have several long conversations.
create function lead_search_cap(words text) returns text language sql immutable as $$
  select case when length(words) > 200000
    then left(words, 100000) || ' ' || right(words, 100000) else words end
$$;

create function lead_search_vector(p_lead uuid) returns tsvector language plpgsql stable as $$
declare
  person_words text;
  capture_words text;
  conversation_words text;
  note_words text;
begin
  -- A merged lead holds more than one person: each capture's, and the lead's own.
  select string_agg(concat_ws(' ', p.name, regexp_replace(p.phone, '[^0-9]+', ' ', 'g'), p.email,
      p.phone_key, right(p.phone_key, 10)), ' ')
    into person_words from people p
    where p.id in (select c.person_id from captures c where c.lead_id = p_lead
                   union select l.person_id from leads l where l.id = p_lead);
  -- The listing, and every text field the visitor left (notes, a message, an intent…).
  select string_agg(concat_ws(' ', c.listing ->> 'address', c.listing ->> 'id',
      c.listing ->> 'agentName',
      (select string_agg(f.value, ' ') from jsonb_each_text(c.fields) f
       where jsonb_typeof(c.fields -> f.key) = 'string')), ' ')
    into capture_words from captures c where c.lead_id = p_lead;
  select string_agg(coalesce(v.transcript,
      (select string_agg(m ->> 'text', ' ') from jsonb_array_elements(v.messages) m)), ' ')
    into conversation_words from conversations v
    where v.id in (select c.conversation_id from captures c where c.lead_id = p_lead);
  select string_agg(n.text, ' ') into note_words from lead_notes n where n.lead_id = p_lead;
  return to_tsvector('english'::regconfig, coalesce(person_words, ''))
    || to_tsvector('english'::regconfig, coalesce(lead_search_cap(capture_words), ''))
    || to_tsvector('english'::regconfig, coalesce(lead_search_cap(conversation_words), ''))
    || to_tsvector('english'::regconfig, coalesce(lead_search_cap(note_words), ''));
end
$$;

-- A bulk load (npm run desk -- seed) sets inbox.bulk_search = 'on' for its transaction and
-- builds the vectors in one statement afterwards, rather than row by row.
create function lead_search_bulk() returns boolean language sql stable as $$
  select coalesce(current_setting('inbox.bulk_search', true), '') = 'on'
$$;

create function lead_capture_search() returns trigger language plpgsql as $$
begin
  if lead_search_bulk() then
    return null;
  end if;
  update leads set search = lead_search_vector(id)
    where id = new.lead_id or (tg_op = 'UPDATE' and id = old.lead_id);
  return null;
end
$$;
create trigger captures_lead_search
  after insert or update of lead_id, person_id, conversation_id, listing, fields on captures
  for each row execute function lead_capture_search();

create function lead_person_search() returns trigger language plpgsql as $$
begin
  if lead_search_bulk() then
    return null;
  end if;
  update leads set search = lead_search_vector(id)
    where person_id = new.id or id in (select c.lead_id from captures c where c.person_id = new.id);
  return null;
end
$$;
create trigger people_lead_search after update of name, phone, email on people
  for each row
  when (old.name is distinct from new.name or old.phone is distinct from new.phone
        or old.email is distinct from new.email)
  execute function lead_person_search();

create function lead_conversation_search() returns trigger language plpgsql as $$
begin
  if lead_search_bulk() then
    return null;
  end if;
  update leads set search = lead_search_vector(id)
    where id in (select c.lead_id from captures c where c.conversation_id = new.id);
  return null;
end
$$;
create trigger conversations_lead_search
  after insert or update of transcript, messages on conversations
  for each row execute function lead_conversation_search();

create function lead_note_search() returns trigger language plpgsql as $$
begin
  update leads set search = lead_search_vector(id)
    where id = new.lead_id or (tg_op = 'UPDATE' and id = old.lead_id);
  return null;
end
$$;
create trigger lead_notes_lead_search after insert or update of lead_id, text on lead_notes
  for each row execute function lead_note_search();

-- Leads stored before this migration.
update leads set search = lead_search_vector(id);
