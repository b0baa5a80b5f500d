import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../desk/auth/sessions.ts';
import { type Brokerage, loadBrokerage } from '../../desk/config/brokerage.ts';
import { addNote } from '../../desk/inbox/lead-changes.ts';
import { mergeLeads } from '../../desk/inbox/lead-merge.ts';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { parseConversationBody } from '../../desk/ingest/conversation-body.ts';
import { storeCapture } from '../../desk/ingest/store-capture.ts';
import { storeConversation } from '../../desk/ingest/store-conversation.ts';
import type { DeskDb } from '../../desk/storage/database.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody, viewingBody } from '../helpers/desk-harness.ts';
import { ACCOUNTS, createAccounts } from '../helpers/inbox-api.ts';

// A capture builds its lead's search vector itself, in the statement that writes the lead
// (migration 0016, desk/leads/lead-search.ts), where a trigger after each capture's insert
// rebuilt it from the stored rows. Over random captures, reports, notes and merges arriving in
// any order, every live lead's vector is the one the rebuild gives, and each visitor's words
// find their lead.

const WORDS = ['piano', 'skylight', 'basement', 'garage', 'orchard', 'sauna', 'loft', 'dock'];

const event = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('capture' as const),
      person: fc.nat(4),
      conversation: fc.option(fc.nat(3), { nil: null }),
      viewing: fc.boolean(),
      word: fc.constantFrom(...WORDS),
      // A returning visitor may give an email the first capture lacked.
      email: fc.boolean(),
    }),
  },
  fc.record({
    type: fc.constant('report' as const),
    conversation: fc.nat(3),
    word: fc.constantFrom(...WORDS),
  }),
  fc.record({
    type: fc.constant('note' as const),
    person: fc.nat(4),
    word: fc.constantFrom(...WORDS),
  }),
  fc.record({ type: fc.constant('merge' as const), from: fc.nat(4), into: fc.nat(4) }),
);

let brokerage: Brokerage;
beforeAll(async () => {
  brokerage = await loadBrokerage('assistant.config.json');
});

describe.each([pglite(), postgres()])(
  'a lead search vector on $name',
  (database: DatabaseUnderTest) => {
    let db: DeskDb;
    let broker: SessionUser;
    beforeAll(async () => {
      db = await database.open();
      await createAccounts(db.db);
      const user = await db.db
        .selectFrom('users')
        .select(['id', 'email', 'name'])
        .where('email', '=', ACCOUNTS.broker.email)
        .executeTakeFirstOrThrow();
      broker = { sessionId: '', csrfToken: '', user: { ...user, role: 'broker' } };
    });
    afterAll(() => database.close());

    it("is the one rebuilt from the lead's rows, however its captures arrive", async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 12 }), async (events) => {
          run += 1;
          const tag = `s${run}-${Math.random().toString(36).slice(2, 8)}`;
          const timeZone = brokerage.officeHours.timeZone;
          const leads = new Map<number, string>();
          // Each word a visitor or agent left, and the person whose lead must be found by it.
          const said: { word: string; person: number }[] = [];
          for (const [i, e] of events.entries()) {
            if (e.type === 'capture') {
              const conversationId = e.conversation === null ? null : `${tag}-c${e.conversation}`;
              const make = e.viewing ? viewingBody : leadBody;
              const fields = {
                name: `Person ${tag} ${e.person}`,
                phone: `+1 604-555-${String(1000 + run * 10 + e.person).slice(-4)}`,
                ...(e.email && { email: `p${e.person}-${tag}@example.com` }),
                ...(e.viewing
                  ? { preferredTimes: [`Saturday at 2pm, ${e.word}`] }
                  : { intent: 'buy', notes: `${tag}${e.word}`, consentToContact: true }),
              };
              const stored = await storeCapture(
                { db: db.db, brokerage, adapters: [] },
                parseCaptureBody(make({ conversationId, toolCallId: null, fields })),
                'widget',
              ).catch((error: { code?: string }) => {
                // A conversation's fourth capture is refused, and stores nothing.
                expect(error.code).toBe('capture-limit');
                return null;
              });
              if (stored) {
                leads.set(e.person, stored.leadId);
                if (!e.viewing) {
                  said.push({ word: `${tag}${e.word}`, person: e.person });
                }
              }
            } else if (e.type === 'report') {
              const { conversation } = parseConversationBody({
                kind: 'conversation',
                idempotencyKey: `${tag}-${i}`,
                conversationId: `${tag}-c${e.conversation}`,
                messages: [{ role: 'user', text: `About the ${e.word}`, secondsFromStart: 1 }],
              });
              await storeConversation(db.db, conversation, timeZone);
            } else if (e.type === 'note') {
              const leadId = leads.get(e.person);
              if (leadId !== undefined) {
                await addNote(db.db, broker, leadId, { text: `${tag}note${e.word}` }, new Date());
                said.push({ word: `${tag}note${e.word}`, person: e.person });
              }
            } else {
              const from = leads.get(e.from);
              const into = leads.get(e.into);
              if (from !== undefined && into !== undefined && from !== into) {
                await mergeLeads(db.db, broker, from, into, new Date(), timeZone);
                for (const [person, leadId] of leads) {
                  if (leadId === from) {
                    leads.set(person, into);
                  }
                }
              }
            }
          }
          const ids = [...new Set(leads.values())];
          if (ids.length === 0) {
            return;
          }
          const vectors = await sql<{ built: string; rebuilt: string }>`
          select search::text as built, lead_search_vector(id)::text as rebuilt from leads
          where id in (${sql.join(ids)})`.execute(db.db);
          for (const { built, rebuilt } of vectors.rows) {
            expect(built).toBe(rebuilt);
          }
          for (const { word, person } of said) {
            const found = await sql<{ id: string }>`
            select id from leads
            where merged_into is null and search @@ websearch_to_tsquery('english', ${word})`.execute(
              db.db,
            );
            expect(found.rows.map((r) => r.id)).toContain(leads.get(person));
          }
        }),
        { numRuns: 25 },
      );
    });
  },
);
