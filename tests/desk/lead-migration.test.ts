import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { leadDetail } from '../../desk/inbox/lead-detail.ts';
import { migrationFiles } from '../../desk/storage/migrate.ts';
import { type OlderSchema, olderSchema } from '../helpers/older-schema.ts';

const PERSON = '5b0f7a1e-8c2d-4f3e-9a6b-1c2d3e4f5a6b';
const FIRST = '7d4c3f9e-3d0e-4bb7-9a51-2f1c8b8f0c11';
const SECOND = '7d4c3f9e-3d0e-4bb7-9a51-2f1c8b8f0c22';
const BROKER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ZONE = 'America/Vancouver';

// A database made by the schema before leads (0001-0006): one person with two captures from two
// conversations, each with its own status, assignee, notes and audit rows, as the inbox kept them.
describe('migrations 0007 and 0008 on a database of captures', () => {
  let older: OlderSchema | undefined;
  afterAll(async () => {
    await older?.close();
  });

  it('fold one person’s captures into one lead, losing nothing, "received" first with its first assignee', async () => {
    older = await olderSchema('0007');
    const { db } = older;
    await sql`insert into users (id, email, name, role, password_hash)
      values (${BROKER}, 'maya@maple-ridge.example', 'Maya Chen', 'broker', 'x')`.execute(db);
    await sql`insert into people (id, name, phone, email, phone_key, email_key) values
      (${PERSON}, 'Sam Rivera', '+1 604-555-0134', 'sam@example.com', '16045550134',
       'sam@example.com')`.execute(db);
    await sql`insert into conversations (id, source, transcript) values
      ('call-1', 'widget', 'User: is the basement finished?'),
      ('call-2', 'platform', 'User: calling back about the skylights')`.execute(db);
    await sql`insert into captures (id, idempotency_key, kind, source, conversation_id, person_id,
        captured_at, received_at, listing, fields, viewing_times, consent_to_contact,
        assigned_name, assigned_email, assignment_reason, status) values
      (${FIRST}, 'k-1', 'lead', 'widget', 'call-1', ${PERSON}, '2026-11-20T18:00:00Z',
       '2026-11-20T18:00:01Z', '{"address":"14 Linden Court","id":"MRR-14"}',
       '{"name":"Sam Rivera","phone":"+1 604-555-0134","notes":"we have a piano","consentToContact":false}',
       '[]', false, 'Priya Sandhu', 'priya@maple-ridge.example', 'listing-agent', 'Contacted'),
      (${SECOND}, 'k-2', 'viewing-request', 'platform', 'call-2', ${PERSON},
       '2026-11-21T18:00:00Z', '2026-11-21T18:00:01Z', '{"address":"9 Birch Lane"}',
       '{"name":"Sam Rivera","preferredTimes":["Saturday 2:00 PM"],"consentToContact":true}',
       '[{"said":"Saturday 2:00 PM","start":"2026-11-28T22:00:00.000Z","timeZone":"America/Vancouver"}]',
       true, 'Daniel Okafor', 'daniel@maple-ridge.example', 'listing-agent', 'New')`.execute(db);
    // On the first capture: a reassignment Daniel → Priya, then a status change, after the
    // second capture arrived; on the second, a note.
    await sql`insert into lead_notes (id, capture_id, user_id, text, created_at) values
      ('1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b', ${SECOND}, ${BROKER}, 'Wants a big yard',
       '2026-11-22T10:00:00Z')`.execute(db);
    await sql`insert into lead_status_changes (capture_id, from_status, to_status, user_id, at)
      values (${FIRST}, 'New', 'Contacted', ${BROKER}, '2026-11-22T12:00:00Z')`.execute(db);
    await sql`insert into audit_log (user_id, user_email, at, action, capture_id, detail) values
      (${BROKER}, 'maya@maple-ridge.example', '2026-11-22T10:00:00Z', 'note', ${SECOND},
       '{"text":"Wants a big yard"}'),
      (${BROKER}, 'maya@maple-ridge.example', '2026-11-22T11:00:00Z', 'assignment', ${FIRST},
       '{"from":"daniel@maple-ridge.example","fromName":"Daniel Okafor","to":"priya@maple-ridge.example","toName":"Priya Sandhu"}'),
      (${BROKER}, 'maya@maple-ridge.example', '2026-11-22T12:00:00Z', 'status', ${FIRST},
       '{"from":"New","to":"Contacted"}')`.execute(db);

    expect(await older.migrateRest()).toEqual((await migrationFiles()).filter((f) => f >= '0007'));

    const leads = await db.selectFrom('leads').selectAll().execute();
    expect(leads).toHaveLength(1);
    const [lead] = leads;
    // The capture changed last decides: the first, Contacted and reassigned to Priya.
    expect(lead).toMatchObject({
      person_id: PERSON,
      status: 'Contacted',
      assigned_name: 'Priya Sandhu',
      merged_into: null,
    });
    const id = lead?.id ?? '';
    const broker = {
      sessionId: 's',
      csrfToken: 't',
      user: { id: BROKER, email: 'maya@maple-ridge.example', name: 'Maya Chen', role: 'broker' },
    } as const;
    const detail = await leadDetail(db, broker, FIRST, ZONE);
    expect(detail?.id).toBe(id);
    expect(detail?.captures.map((c) => c.id)).toEqual([FIRST, SECOND]);
    expect(detail?.conversations.map((c) => c.transcript)).toEqual([
      'User: is the basement finished?',
      'User: calling back about the skylights',
    ]);
    expect(detail?.notes.map((n) => [n.text, n.by])).toEqual([['Wants a big yard', 'Maya Chen']]);
    expect(detail?.listings).toEqual(['9 Birch Lane', '14 Linden Court']);
    expect(detail?.consent.consentToContact).toBe(true);
    expect(detail?.consent.history.map((c) => c.consentToContact)).toEqual([false, true]);
    expect(detail?.timeline.map((t) => [t.kind, t.text, t.by])).toEqual([
      ['received', 'Received, assigned to Daniel Okafor (listing agent)', null],
      ['returned', 'Returned, viewing requested', null],
      ['note', 'Wants a big yard', 'Maya Chen'],
      ['assigned', 'Reassigned to Priya Sandhu (was Daniel Okafor)', 'Maya Chen'],
      ['status', 'Status New → Contacted', 'Maya Chen'],
    ]);
    const moved = await sql<{ n: number }>`select
      (select count(*)::int from lead_notes where lead_id = ${id})
      + (select count(*)::int from lead_status_changes where lead_id = ${id})
      + (select count(*)::int from audit_log where lead_id = ${id}) as n`.execute(db);
    expect(moved.rows[0]?.n).toBe(1 + 1 + 3);
    // Every word the lead held is found: a visitor's note, both transcripts, the agent's note.
    for (const word of ['piano', 'basement', 'skylights', 'yard', 'Birch', '6045550134']) {
      const found = await sql<{ id: string }>`select id from leads
        where search @@ websearch_to_tsquery('english', ${word})`.execute(db);
      expect(
        found.rows.map((r) => r.id),
        word,
      ).toEqual([id]);
    }
  });
});
