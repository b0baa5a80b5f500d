import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../desk/auth/sessions.ts';
import { type Brokerage, loadBrokerage } from '../../desk/config/brokerage.ts';
import type { Numbers, NumbersRow } from '../../desk/inbox/api-contract.ts';
import { addNote, ChangeError, updateLead } from '../../desk/inbox/lead-changes.ts';
import { ClaimError, claimLead } from '../../desk/inbox/lead-claim.ts';
import { mergeLeads } from '../../desk/inbox/lead-merge.ts';
import { computeNumbers } from '../../desk/inbox/numbers.ts';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { parseConversationBody } from '../../desk/ingest/conversation-body.ts';
import { storeCapture } from '../../desk/ingest/store-capture.ts';
import { storeConversation } from '../../desk/ingest/store-conversation.ts';
import { ensureNumbersRollup, rebuildNumbers } from '../../desk/leads/numbers-rebuild.ts';
import { appendLeadEvents } from '../../desk/leads/timeline.ts';
import type { DeskDb } from '../../desk/storage/database.ts';
import { MAX_CAPTURES_PER_CONVERSATION } from '../../widget/leads/constants.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody } from '../helpers/desk-harness.ts';
import { ACCOUNTS, createAccounts } from '../helpers/inbox-api.ts';

// Numbers that add up (issue 26 §4, docs/inbox.md#numbers-inboxnumbers): over random captures and
// conversations, arriving in any order, a total is the sum of each of its breakdowns by listing,
// page, agent and source; conversion is new leads ÷ conversations; and the rollups rebuilt from
// the stored rows say what the transactions kept.

const BROKER: SessionUser = {
  sessionId: '',
  csrfToken: '',
  user: { id: '', email: '', name: 'broker', role: 'broker' },
};
const LISTINGS = [
  undefined,
  { address: '14 Linden Court', id: 'MRR-14' },
  { id: 'MRR-22' },
  { address: '7 Birch Lane', id: 'MRR-7' },
];
const PAGES = [
  undefined,
  'https://maple-ridge.example/listings/14',
  'https://maple-ridge.example/',
];
const USERS = ['broker', 'daniel', 'priya'] as const;
const SOURCES = [
  undefined,
  {},
  { utmSource: 'google', utmMedium: 'cpc', gclid: true },
  { referrerHost: 'zillow.com' },
  { fbclid: true },
];
const CONSENT = {
  version: 'v1',
  text: 'This call is recorded.',
  acceptedAt: '2026-11-20T00:00:00Z',
};

const event = fc.oneof(
  fc.record({ type: fc.constant('respond' as const), person: fc.nat(5) }),
  // Someone presses Claim, or logs a call, text or email, some minutes after the lead arrived.
  fc.record({
    type: fc.constant('claim' as const),
    person: fc.nat(5),
    user: fc.constantFrom(...USERS),
    minutes: fc.nat(12),
    contact: fc.option(fc.constantFrom('call' as const, 'text' as const, 'email' as const), {
      nil: null,
    }),
  }),
  // The broker merges two of the live leads (the n-th and another), when there are two.
  fc.record({ type: fc.constant('merge' as const), from: fc.nat(5), into: fc.nat(5) }),
  // The broker gives a person's lead to another agent: its counts by agent go with it.
  fc.record({
    type: fc.constant('reassign' as const),
    person: fc.nat(5),
    to: fc.constantFrom(...USERS),
  }),
  // Captures are the most common event: the others need leads to act on.
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('capture' as const),
      person: fc.nat(5),
      viewing: fc.boolean(),
      conversation: fc.option(fc.nat(4), { nil: null }),
      listing: fc.nat(LISTINGS.length - 1),
      page: fc.nat(PAGES.length - 1),
      source: fc.nat(SOURCES.length - 1),
    }),
  },
  fc.record({
    type: fc.constant('conversation' as const),
    conversation: fc.nat(4),
    chat: fc.boolean(),
    listing: fc.nat(LISTINGS.length - 1),
    page: fc.nat(PAGES.length - 1),
    source: fc.nat(SOURCES.length - 1),
    platform: fc.boolean(),
  }),
);

type Event = typeof event extends fc.Arbitrary<infer E> ? E : never;

const MERGED_PAIR: Event[] = [
  { type: 'capture', person: 0, viewing: false, conversation: 0, listing: 1, page: 1, source: 2 },
  { type: 'claim', person: 0, user: 'broker', minutes: 3, contact: null },
  { type: 'capture', person: 1, viewing: true, conversation: 1, listing: 2, page: 2, source: 3 },
  { type: 'claim', person: 1, user: 'broker', minutes: 9, contact: 'call' },
  { type: 'respond', person: 0 },
  { type: 'merge', from: 1, into: 0 },
  {
    type: 'capture',
    person: 1,
    viewing: false,
    conversation: null,
    listing: 0,
    page: 0,
    source: 0,
  },
  { type: 'reassign', person: 1, to: 'daniel' },
];

const ONE_CAPTURE: Event = {
  type: 'capture',
  person: 0,
  viewing: false,
  conversation: 1,
  listing: 0,
  page: 0,
  source: 0,
};
const PAST_THE_LIMIT: Event[] = Array.from(
  { length: MAX_CAPTURES_PER_CONVERSATION + 1 },
  () => ONE_CAPTURE,
);

const FIGURES = [
  'conversations',
  'calls',
  'chats',
  'captures',
  'newLeads',
  'viewingsRequested',
] as const satisfies readonly (keyof NumbersRow)[];

function sum(rows: readonly NumbersRow[]) {
  return Object.fromEntries(FIGURES.map((f) => [f, rows.reduce((n, r) => n + r[f], 0)]));
}

function figures(row: NumbersRow) {
  return Object.fromEntries(FIGURES.map((f) => [f, row[f]]));
}

function sessionOf(user: { id: string; email: string; name: string; role: string }): SessionUser {
  return {
    sessionId: '',
    csrfToken: '',
    user: { ...user, role: user.role === 'broker' ? 'broker' : 'agent' },
  };
}

let brokerage: Brokerage;
beforeAll(async () => {
  brokerage = await loadBrokerage('assistant.config.json');
});

describe.each([pglite(), postgres()])('the numbers on $name', (database: DatabaseUnderTest) => {
  let db: DeskDb;
  const sessions = new Map<(typeof USERS)[number], SessionUser>();
  beforeAll(async () => {
    db = await database.open();
    // As the desk's start does: the rollups judge claims by the team's claimMinutes.
    await ensureNumbersRollup(db.db, brokerage.officeHours.timeZone, brokerage.claim.claimMinutes);
    await createAccounts(db.db);
    for (const key of USERS) {
      const user = await db.db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'role'])
        .where('email', '=', ACCOUNTS[key].email)
        .executeTakeFirstOrThrow();
      sessions.set(key, sessionOf(user));
    }
  });
  afterAll(() => database.close());

  it('add up: each breakdown sums to the total, and the rebuilt rollups agree, merges and claims too', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 14 }), async (events) => {
        run += 1;
        // Each run has its own week, far from the others, so its numbers are its own.
        const start = Date.UTC(2027, 0, 4, 8) + run * 14 * 86_400_000;
        const timeZone = brokerage.officeHours.timeZone;
        const tag = `r${run}-${Math.random().toString(36).slice(2, 8)}`;
        const conversations = new Set<string>();
        // Each person's live lead (a merge moves them to the survivor), and when it arrived.
        const people = new Map<number, string>();
        const arrived = new Map<string, number>();
        const live = new Set<string>();
        const follow = (from: string, into: string) => {
          for (const [person, leadId] of people) {
            if (leadId === from) {
              people.set(person, into);
            }
          }
        };
        let captures = 0;
        // Captures per conversation: past the limit the desk refuses one, and it counts nowhere.
        const perConversation = new Map<string, number>();
        let responded = false;
        for (const [i, e] of events.entries()) {
          const at = new Date(start + i * 3_600_000);
          const where = e.type === 'capture' || e.type === 'conversation' ? e : null;
          const listing = where && LISTINGS[where.listing];
          const pageUrl = where && PAGES[where.page];
          const visitSource = where && SOURCES[where.source];
          if (e.type === 'capture') {
            const conversationId = e.conversation === null ? null : `${tag}-c${e.conversation}`;
            const before = conversationId === null ? 0 : (perConversation.get(conversationId) ?? 0);
            const capture = storeCapture(
              { db: db.db, brokerage, adapters: [], now: () => at },
              parseCaptureBody(
                leadBody({
                  kind: e.viewing ? 'viewing-request' : 'lead',
                  conversationId,
                  toolCallId: null,
                  capturedAt: at.toISOString(),
                  listing: listing ?? {},
                  pageUrl,
                  consent: CONSENT,
                  visitSource,
                  fields: {
                    name: `Person ${e.person}`,
                    phone: `+1 604-555-${String(1000 + run * 10 + e.person).slice(-4)}`,
                    consentToContact: true,
                    intent: 'buy',
                    ...(e.viewing && { preferredTimes: ['Saturday at 2pm'] }),
                  },
                }),
              ),
              'widget',
            );
            if (conversationId !== null && before >= MAX_CAPTURES_PER_CONVERSATION) {
              await expect(capture).rejects.toMatchObject({ code: 'capture-limit', status: 409 });
              continue;
            }
            const stored = await capture;
            if (conversationId !== null) {
              perConversation.set(conversationId, before + 1);
            }
            expect(stored.created).toBe(true);
            captures += 1;
            people.set(e.person, stored.leadId);
            live.add(stored.leadId);
            arrived.set(stored.leadId, arrived.get(stored.leadId) ?? at.getTime());
          } else if (e.type === 'respond') {
            // The agent calls the lead back: its first status change away from New.
            const leadId = people.get(e.person);
            if (leadId !== undefined) {
              responded = true;
              await appendLeadEvents(db.db, [
                { leadId, kind: 'status', at, detail: { from: 'New', to: 'Contacted' } },
              ]);
            }
          } else if (e.type === 'claim') {
            const leadId = people.get(e.person);
            const session = sessions.get(e.user);
            if (leadId !== undefined && session) {
              const claimAt = new Date((arrived.get(leadId) ?? 0) + e.minutes * 60_000);
              // An agent may claim or note only a lead of theirs; a claimed lead stays claimed.
              const refused = (error: unknown) => {
                expect(error).toBeInstanceOf(e.contact === null ? ClaimError : ChangeError);
              };
              if (e.contact === null) {
                await claimLead(db.db, session, leadId, claimAt).catch(refused);
              } else {
                const noted = await addNote(
                  db.db,
                  session,
                  leadId,
                  { text: 'Called back', contact: e.contact },
                  at,
                ).catch(refused);
                responded ||= noted !== undefined;
              }
            }
          } else if (e.type === 'reassign') {
            const leadId = people.get(e.person);
            const to = sessions.get(e.to);
            if (leadId !== undefined && to) {
              const broker = sessions.get('broker') ?? BROKER;
              await updateLead(db.db, brokerage, broker, leadId, { assignedTo: to.user.email }, at);
            }
          } else if (e.type === 'merge') {
            const leads = [...live];
            const from = leads[e.from % Math.max(1, leads.length)];
            const into = leads[(e.from + 1 + e.into) % Math.max(1, leads.length)];
            if (from !== undefined && into !== undefined && from !== into) {
              await mergeLeads(db.db, sessions.get('broker') ?? BROKER, from, into, at, timeZone);
              follow(from, into);
              live.delete(from);
              arrived.set(into, Math.min(arrived.get(from) ?? 0, arrived.get(into) ?? 0));
            }
          } else {
            const id = `${tag}-c${e.conversation}`;
            const body = parseConversationBody({
              kind: 'conversation',
              idempotencyKey: `${tag}-${i}`,
              conversationId: id,
              channel: e.chat ? 'chat' : 'call',
              startedAt: at.toISOString(),
              pageUrl,
              listing,
              visitSource,
            }).conversation;
            // The platform's end-of-call report tells neither listing nor source.
            const conversation = e.platform
              ? { ...body, source: 'platform' as const, listing: null, visitSource: null }
              : body;
            await storeConversation(db.db, conversation, timeZone);
            conversations.add(id);
          }
        }
        const now = new Date(start + 6 * 86_400_000);
        const scope = { days: 7 as const, now, hideDemo: false, session: BROKER, timeZone };
        const numbers = await computeNumbers(db.db, scope);
        // Conversations are counted when they start: a capture's conversation without a report
        // is not (yet) one.
        expect(numbers.total.conversations).toBe(conversations.size);
        expect(numbers.total.captures).toBe(captures);
        // A merge makes two people's leads one new lead.
        expect(numbers.total.newLeads).toBe(live.size);
        expect(numbers.total.conversionRate).toBe(
          conversations.size === 0 ? null : live.size / conversations.size,
        );
        for (const breakdown of ['byListing', 'byPage', 'byAgent', 'bySource'] as const) {
          expect(sum(numbers[breakdown]), breakdown).toEqual(figures(numbers.total));
        }
        // Time to claim: the claimed leads are the live leads with a claim, and the agents who
        // claimed them add up to the total.
        const claims = numbers.timeToClaim;
        const claimed = live.size
          ? await db.db
              .selectFrom('leads')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('id', 'in', [...live])
              .where('claimed_at', 'is not', null)
              .executeTakeFirstOrThrow()
          : { n: 0 };
        expect(claims.total.leads).toBe(live.size);
        expect(claims.total.claimed).toBe(Number(claimed.n));
        expect(claims.byAgent.reduce((n, r) => n + r.claimed, 0)).toBe(claims.total.claimed);
        expect(claims.byAgent.reduce((n, r) => n + r.claimedWithin, 0)).toBe(
          claims.total.claimedWithin,
        );
        await db.db
          .transaction()
          .execute((trx) => rebuildNumbers(trx, timeZone, brokerage.claim.claimMinutes));
        const rebuilt: Numbers = await computeNumbers(db.db, scope);
        expect(rebuilt).toEqual(numbers);
        // Events are whole hours apart: the first response came an hour or more after.
        expect(numbers.total.speedToLeadMedianSeconds === null).toBe(!responded);
        expect(numbers.total.speedToLeadMedianSeconds ?? 3600).toBeGreaterThan(3600 / 1.1);
      }),
      {
        numRuns: 20,
        // Always at least these: two people, both claimed and answered, then merged; and one
        // conversation with a capture past its limit.
        examples: [[MERGED_PAIR], [PAST_THE_LIMIT]],
      },
    );
  }, 240_000);
});
