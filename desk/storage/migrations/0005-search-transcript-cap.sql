-- A transcript is searched by its first and last 100,000 characters (docs/inbox.md#leads-list):
-- a tsvector holds at most 1 MB, and about 0.8 MB of distinct words failed the search trigger,
-- which lost the whole end-of-call report. The transcript itself is still stored whole.
create or replace function inbox_search_vector(p_capture uuid, p_person uuid, p_conversation text, p_listing jsonb)
returns tsvector language plpgsql stable as $$
declare
  person_words text;
  conversation_words text;
  note_words text;
begin
  select concat_ws(' ', p.name, regexp_replace(p.phone, '[^0-9]+', ' ', 'g'), p.email, p.phone_key,
      right(p.phone_key, 10))
    into person_words from people p where p.id = p_person;
  select coalesce(v.transcript,
      (select string_agg(m ->> 'text', ' ') from jsonb_array_elements(v.messages) m))
    into conversation_words from conversations v where v.id = p_conversation;
  if length(conversation_words) > 200000 then
    conversation_words := left(conversation_words, 100000) || ' ' || right(conversation_words, 100000);
  end if;
  select string_agg(n.text, ' ') into note_words from lead_notes n where n.capture_id = p_capture;
  return to_tsvector('english'::regconfig, concat_ws(' ', person_words,
      p_listing ->> 'address', p_listing ->> 'id', p_listing ->> 'agentName'))
    || to_tsvector('english'::regconfig, coalesce(conversation_words, ''))
    || to_tsvector('english'::regconfig, coalesce(note_words, ''));
end
$$;
