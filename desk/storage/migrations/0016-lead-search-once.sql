-- A capture builds its lead's search vector in the statement that writes the lead anyway (a new
-- lead's insert, a returning person's touch: desk/leads/lead-search.ts), not by
-- captures_lead_search after the capture's insert. That trigger read the lead's people,
-- captures, conversations and notes again and wrote the lead's row a second time: about 0.8 ms
-- of the desk's CPU per capture on PGlite (issue 31 item 13). The capture's transaction sets
-- inbox.capture_search = 'built', which only the insert trigger below obeys; every other writer
-- (a merge, an inbox edit, a note, a conversation's report, the seed) goes on as before.
--
-- The vector is the same one: a new lead's person and capture words are put together by the
-- desk as lead_search_vector_adding puts them together from the rows (tests/desk/
-- lead-search-built.test.ts holds the two to the same vector), and both end in
-- lead_search_join. Each part now joins its rows in a fixed order (it was whatever order the
-- plan read them in), oldest first, so a capture, which comes last, builds word for word the
-- vector a rebuild gives; which words a lead holds is unchanged.

-- The vector from its four parts, each capped (0008-lead-search.sql). plpgsql: as an SQL
-- function its calls of lead_search_cap were not inlined, and cost a plan each.
create function lead_search_join(person_words text, capture_words text,
    conversation_words text, note_words text)
  returns tsvector language plpgsql immutable as $$
begin
  return to_tsvector('english'::regconfig, coalesce(person_words, ''))
    || to_tsvector('english'::regconfig, coalesce(lead_search_cap(capture_words), ''))
    || to_tsvector('english'::regconfig, coalesce(lead_search_cap(conversation_words), ''))
    || to_tsvector('english'::regconfig, coalesce(lead_search_cap(note_words), ''));
end
$$;

-- One conversation's words: its transcript, else its messages' text.
create function lead_search_conversation_words(p_conversation text)
  returns text language plpgsql stable as $$
begin
  return (select coalesce(v.transcript,
      (select string_agg(m ->> 'text', ' ') from jsonb_array_elements(v.messages) m))
    from conversations v where v.id = p_conversation);
end
$$;

-- A lead's vector as it will be once one more capture joins it: that capture's person, words
-- and conversation, which its transaction has not inserted yet, after the lead's own. With
-- nulls for all three it is the lead's vector as rebuilt from its rows (lead_search_vector).
create function lead_search_vector_adding(p_lead uuid, p_person uuid, p_capture_words text,
    p_conversation text)
  returns tsvector language plpgsql stable as $$
declare
  person_words text;
  capture_words text;
  conversation_words text;
  note_words text;
begin
  -- A merged lead holds more than one person: each capture's, and the lead's own.
  select string_agg(concat_ws(' ', p.name, regexp_replace(p.phone, '[^0-9]+', ' ', 'g'), p.email,
      p.phone_key, right(p.phone_key, 10)), ' ' order by p.created_at, p.id)
    into person_words from people p
    where p.id in (select c.person_id from captures c where c.lead_id = p_lead
                   union select l.person_id from leads l where l.id = p_lead
                   union select p_person where p_person is not null);
  -- The listing, and every text field the visitor left (notes, a message, an intent…).
  select string_agg(concat_ws(' ', c.listing ->> 'address', c.listing ->> 'id',
      c.listing ->> 'agentName',
      (select string_agg(f.value, ' ') from jsonb_each_text(c.fields) f
       where jsonb_typeof(c.fields -> f.key) = 'string')), ' ' order by c.received_at, c.id)
    into capture_words from captures c where c.lead_id = p_lead;
  if p_capture_words is not null then
    capture_words := concat_ws(' ', capture_words, p_capture_words);
  end if;
  select string_agg(coalesce(v.transcript,
      (select string_agg(m ->> 'text', ' ') from jsonb_array_elements(v.messages) m)), ' '
      order by v.created_at, v.id)
    into conversation_words from conversations v
    where v.id in (select c.conversation_id from captures c where c.lead_id = p_lead
                   union select p_conversation where p_conversation is not null);
  select string_agg(n.text, ' ' order by n.created_at, n.id) into note_words
    from lead_notes n where n.lead_id = p_lead;
  return lead_search_join(person_words, capture_words, conversation_words, note_words);
end
$$;

create or replace function lead_search_vector(p_lead uuid) returns tsvector
  language plpgsql stable as $$
begin
  return lead_search_vector_adding(p_lead, null, null, null);
end
$$;

-- After a capture's insert only when its transaction did not build the vector itself.
drop trigger captures_lead_search on captures;
create trigger captures_lead_search
  after update of lead_id, person_id, conversation_id, listing, fields on captures
  for each row execute function lead_capture_search();
create trigger captures_lead_search_insert after insert on captures
  for each row
  when (coalesce(current_setting('inbox.capture_search', true), '') <> 'built')
  execute function lead_capture_search();
