// Over 300 lines as one concept: storing one capture in one transaction: its repeat check, its
// person and lead, its delivery jobs, its timeline line and its rollups. What decides it is read
// in one round trip, and what it writes goes in as few statements as the foreign keys allow.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { MAX_CAPTURES_PER_CONVERSATION } from '../../widget/leads/constants.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { deliveryJob } from '../jobs/job-kinds.ts';
import { enqueue } from '../jobs/job-queue.ts';
import { firstEscalation } from '../leads/escalation.ts';
import { type ExistingLead, joinLead } from '../leads/join-lead.ts';
import { CAPTURE_BUILDS_SEARCH, type PersonWords } from '../leads/lead-search.ts';
import { captureCountInserts, countConversation } from '../leads/numbers-rollup.ts';
import { leadEventsInsert } from '../leads/timeline.ts';
import {
  type LoadedRouting,
  ROUTING_COLUMNS,
  type RoutingColumns,
  routeCapture,
  routingOf,
} from '../routing/route-capture.ts';
import { resolveViewingTimes } from '../routing/viewing-time.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { WITH_NEXT } from '../storage/server-driver.ts';
import type { SideInsert } from '../storage/side-inserts.ts';
import type { IncomingCapture } from './capture-body.ts';
import { IngestError } from './ingest-error.ts';
import { emailKey, phoneKey } from './person-keys.ts';

/** What storing a capture needs. */
export interface StoreCaptureDeps {
  db: Kysely<DeskDatabase>;
  brokerage: Brokerage;
  /** The enabled delivery adapters: one outbox job each. */
  adapters: readonly string[];
  now?: () => Date;
  /**
   * The database has one session (PGlite), so its transactions never overlap and the advisory
   * locks that order concurrent captures are skipped: a round trip fewer per capture.
   */
  oneSession?: boolean;
  /** Told of each new capture once it is committed (GET /metrics counts them). */
  onStored?: (source: 'widget' | 'platform') => void;
}

/** The outcome: `created` is false when the capture was already stored (a repeat). */
export interface StoredCapture {
  created: boolean;
  captureId: string;
  personId: string;
  /** The lead (one per person) the capture belongs to. */
  leadId: string;
  /** The name of the agent the capture is assigned to (for a repeat, as it is now). */
  assignee: string | null;
  /** Its delivery jobs are due now (a new capture's always are), so the worker should look. */
  deliverNow: boolean;
}

/**
 * Takes the transaction's advisory locks in one statement, in the order given. Every capture
 * orders its keys the same way (capture, conversation, phone, email), so two transactions never
 * wait for each other in a circle. On a server the statement goes in the same write as the
 * transaction's next one ({@link WITH_NEXT}), which the server runs once the locks are held.
 */
export async function lockAll(trx: Transaction<DeskDatabase>, keys: readonly string[]) {
  const calls = keys.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  await sql`${sql.raw(WITH_NEXT)}select ${sql.join(calls)}`.execute(trx);
}

/** The person's lock keys: phone before email (see {@link lockAll}). */
export function personLocks(fields: { phone?: string; email?: string }): string[] {
  const phone = phoneKey(fields.phone);
  const email = emailKey(fields.email);
  return [...(phone ? [`person:phone:${phone}`] : []), ...(email ? [`person:email:${email}`] : [])];
}

/** The person a capture's phone or email matches, as the state query reads it. */
interface FoundPerson {
  id: string;
  name: string | null;
  phone: string | null;
  phone_key: string | null;
  email: string | null;
  email_key: string | null;
}

/**
 * Completes the matched person with what they lacked, or makes a new one's insert, which goes
 * with their new lead's (desk/leads/join-lead.ts). The match itself was read with the capture's
 * state (the caller holds the person's locks).
 */
async function writePerson(
  trx: Transaction<DeskDatabase>,
  found: FoundPerson | null,
  fields: { name?: string; phone?: string; email?: string },
): Promise<{ id: string; insert: SideInsert | null; words: PersonWords }> {
  const phone = phoneKey(fields.phone);
  const email = emailKey(fields.email);
  if (found) {
    const words = {
      name: found.name ?? fields.name ?? null,
      phone: found.phone ?? fields.phone ?? null,
      email: found.email ?? fields.email ?? null,
      phoneKey: found.phone_key ?? phone,
    };
    await trx
      .updateTable('people')
      .set({
        name: words.name,
        phone: words.phone,
        phone_key: words.phoneKey,
        email: words.email,
        email_key: found.email_key ?? email,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', found.id)
      .execute();
    return { id: found.id, insert: null, words };
  }
  const id = randomUUID();
  const words = {
    name: fields.name ?? null,
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    phoneKey: phone,
  };
  const insert = trx.insertInto('people').values({
    id,
    name: words.name,
    phone: words.phone,
    phone_key: words.phoneKey,
    email: words.email,
    email_key: email,
  });
  return { id, insert, words };
}

/** The matched person's columns in the state query's row (all null when none matched). */
interface PersonColumns {
  person_id: string | null;
  person_name: string | null;
  person_phone: string | null;
  person_phone_key: string | null;
  person_email: string | null;
  person_email_key: string | null;
}

/** The matched person's lead's columns in the state query's row (all null when none). */
interface LeadColumns {
  lead_id: string | null;
  lead_status: string | null;
  lead_assigned_name: string | null;
  lead_assigned_email: string | null;
  lead_reason: string | null;
  lead_in_conversation: boolean | null;
}

/** What decides the rest of a capture's storing, read in one round trip. */
interface CaptureState {
  existingId: string | null;
  existingPerson: string | null;
  existingLead: string | null;
  existingAssignee: string | null;
  /** The conversation's captures so far. */
  count: number | string;
  /** The conversation has its row (its report came first): it is counted again with this capture. */
  conversationExists: boolean;
  found: FoundPerson | null;
  lead: ExistingLead | null;
  routing: LoadedRouting;
}

/**
 * One round trip for a repeat (same idempotency key, or the same tool call of the same
 * conversation), the conversation's captures so far, whether its row exists, the person the
 * phone or email matches (the oldest) with their lead, and the routing rules and team. It also
 * tells the database that this transaction builds its lead's search vector itself, in the
 * lead's own write (desk/leads/lead-search.ts), so the capture's insert triggers no rebuild.
 */
async function readState(
  trx: Transaction<DeskDatabase>,
  capture: IncomingCapture,
  sameCall: boolean,
  brokerage: Brokerage,
  now: Date,
): Promise<CaptureState> {
  const phone = phoneKey(capture.fields.phone);
  const email = emailKey(capture.fields.email);
  // Each lookup is an equality on its own unique index, never an `or` of the two: the plan the
  // desk keeps for this statement is made on its first runs, when `captures` may be empty, and
  // for an `or` under `limit 1` that plan is a scan of the whole table, which every capture then
  // pays for again as the table grows. One equality on a unique index is planned as a lookup
  // whatever the table's size.
  const repeat = sameCall
    ? sql`(select id, person_id, lead_id, assigned_name from captures
          where idempotency_key = ${capture.idempotencyKey}
        union all
        select id, person_id, lead_id, assigned_name from captures
          where conversation_id = ${capture.conversationId} and tool_call_id = ${capture.toolCallId}
        limit 1)`
    : sql`(select id, person_id, lead_id, assigned_name from captures
          where idempotency_key = ${capture.idempotencyKey})`;
  const keys = [
    ...(phone ? [sql`phone_key = ${phone}`] : []),
    ...(email ? [sql`email_key = ${email}`] : []),
  ];
  const match = keys.length > 0 ? sql.join(keys, sql` or `) : sql`false`;
  const conversation = capture.conversationId ?? '';
  type Row = Omit<CaptureState, 'found' | 'lead' | 'routing'> &
    PersonColumns &
    LeadColumns &
    RoutingColumns;
  const result = await sql<Row>`
    select r.id as "existingId", r.person_id as "existingPerson", r.lead_id as "existingLead",
      r.assigned_name as "existingAssignee",
      (select count(*) from captures where conversation_id = ${conversation}) as count,
      exists (select 1 from conversations where id = ${conversation}) as "conversationExists",
      p.id as person_id, p.name as person_name, p.phone as person_phone,
      p.phone_key as person_phone_key, p.email as person_email, p.email_key as person_email_key,
      l.id as lead_id, l.status as lead_status, l.assigned_name as lead_assigned_name,
      l.assigned_email as lead_assigned_email, l.assignment_reason as lead_reason,
      exists (select 1 from captures where lead_id = l.id and conversation_id = ${conversation})
        as lead_in_conversation,
      ${ROUTING_COLUMNS},
      ${CAPTURE_BUILDS_SEARCH} as "buildsSearch"
    from (select 1) as one
    left join lateral ${repeat} as r on true
    left join lateral (
      select * from people where ${match} order by created_at limit 1
    ) as p on true
    left join lateral (
      select t.* from leads own join leads t on t.id = coalesce(own.merged_into, own.id)
      where own.person_id = p.id
    ) as l on true`.execute(trx);
  const row = result.rows[0];
  if (!row) {
    throw new Error('the capture state query returned no row');
  }
  const found =
    row.person_id === null
      ? null
      : {
          id: row.person_id,
          name: row.person_name,
          phone: row.person_phone,
          phone_key: row.person_phone_key,
          email: row.person_email,
          email_key: row.person_email_key,
        };
  const lead =
    row.lead_id === null || row.lead_status === null || row.lead_reason === null
      ? null
      : {
          id: row.lead_id,
          status: row.lead_status,
          assignedName: row.lead_assigned_name,
          assignedEmail: row.lead_assigned_email,
          assignmentReason: row.lead_reason,
          inConversation: Boolean(row.lead_in_conversation),
        };
  return {
    existingId: row.existingId,
    existingPerson: row.existingPerson,
    existingLead: row.existingLead,
    existingAssignee: row.existingAssignee,
    count: row.count,
    conversationExists: Boolean(row.conversationExists),
    found,
    lead,
    routing: routingOf(row, brokerage, now),
  };
}

/**
 * Stores a capture, its person and its delivery jobs in one transaction (the outbox,
 * docs/desk.md#delivery): all of it or none. A repeat (same idempotency key, or the same tool
 * call of the same conversation from the other direction) stores nothing and says so. A
 * conversation past {@link MAX_CAPTURES_PER_CONVERSATION} captures is refused.
 */
export async function storeCapture(
  deps: StoreCaptureDeps,
  capture: IncomingCapture,
  source: 'widget' | 'platform',
): Promise<StoredCapture> {
  const now = deps.now?.() ?? new Date();
  const stored = await deps.db.transaction().execute(async (trx): Promise<StoredCapture> => {
    const sameCall = capture.conversationId !== null && capture.toolCallId !== null;
    // One session (PGlite) runs one transaction at a time: there is no one to wait for.
    if (!deps.oneSession) {
      await lockAll(trx, [
        sameCall
          ? `capture:call:${capture.conversationId}:${capture.toolCallId}`
          : `capture:key:${capture.idempotencyKey}`,
        ...(capture.conversationId !== null ? [`conversation:${capture.conversationId}`] : []),
        ...personLocks(capture.fields),
      ]);
    }
    // Read after the locks (a statement of its own, so it sees what their last holder wrote).
    const state = await readState(trx, capture, sameCall, deps.brokerage, now);
    if (state.existingId !== null && state.existingPerson !== null && state.existingLead !== null) {
      return {
        created: false,
        captureId: state.existingId,
        personId: state.existingPerson,
        leadId: state.existingLead,
        assignee: state.existingAssignee,
        deliverNow: false,
      };
    }
    if (capture.conversationId !== null && Number(state.count) >= MAX_CAPTURES_PER_CONVERSATION) {
      throw new IngestError(
        'capture-limit',
        `this conversation already has ${MAX_CAPTURES_PER_CONVERSATION} captures`,
        409,
      );
    }
    const person = await writePerson(trx, state.found, capture.fields);
    const personId = person.id;
    // By the broker's rules; a known person keeps their agent, so takes no round-robin turn.
    const routed = await routeCapture(
      trx,
      deps.brokerage,
      capture,
      now,
      state.lead === null,
      state.routing,
    );
    const viewingTimes =
      capture.kind === 'viewing-request' && 'preferredTimes' in capture.fields
        ? resolveViewingTimes(
            capture.fields.preferredTimes,
            capture.capturedAt,
            deps.brokerage.officeHours.timeZone,
          )
        : [];
    const captureId = randomUUID();
    // The card's evidence goes with the fields it decided (consentToContact), and a "Talk to a
    // person" request keeps its urgency and the time asked for.
    const fields = {
      ...capture.fields,
      ...(capture.contactConsent && { contactConsent: capture.contactConsent }),
      ...(capture.callback && { callback: capture.callback }),
    };
    const lead = await joinLead(trx, state.lead, {
      newLeadId: randomUUID(),
      personId,
      personInsert: person.insert,
      personWords: person.words,
      search: {
        listing: capture.listing,
        fields,
        conversationId: capture.conversationId,
        conversationStored: state.conversationExists,
      },
      routed: { name: routed.agent.name, email: routed.agent.email, reason: routed.reason },
      demo: capture.demo,
      now,
    });
    const captureRow = {
      id: captureId,
      idempotency_key: capture.idempotencyKey,
      kind: capture.kind,
      source,
      conversation_id: capture.conversationId,
      tool_call_id: capture.toolCallId,
      person_id: personId,
      lead_id: lead.leadId,
      captured_at: capture.capturedAt,
      received_at: now,
      listing: json(capture.listing),
      fields: json(fields),
      viewing_times: json(viewingTimes),
      consent_to_contact: capture.fields.consentToContact === true,
      consent_version: capture.consent?.version ?? null,
      consent_text: capture.consent?.text ?? null,
      consent_accepted_at: capture.consent?.acceptedAt ?? null,
      page_url: capture.pageUrl,
      visit_source: capture.visitSource ? json(capture.visitSource) : null,
      // The lead's assignee: a returning person stays with their agent.
      assigned_name: lead.assignedName,
      assigned_email: lead.assignedEmail,
      assignment_reason: lead.assignmentReason,
      status: lead.status,
      demo: capture.demo,
      language: capture.language ?? null,
    };
    // The alert goes at once; the conversation, when it ends, follows it (store-conversation.ts).
    // A new lead (not a demo's) starts its claim timer (issue 27 §2).
    const jobs = deps.adapters.map((adapter) => deliveryJob(captureId, adapter, now));
    if (lead.kind === 'received' && !capture.demo) {
      jobs.push(firstEscalation(deps.brokerage, lead.leadId, now));
    }
    const events = leadEventsInsert(trx, [
      {
        leadId: lead.leadId,
        kind: lead.kind,
        at: now,
        captureId,
        conversationId: capture.conversationId,
        detail: {
          captureKind: capture.kind,
          assignedName: lead.assignedName,
          assignedEmail: lead.assignedEmail,
          reason: lead.assignmentReason,
          // Why a new lead went where it went (the lead detail's `routing`).
          ...(lead.kind === 'received' && { routing: routed.decision }),
        },
      },
      ...(lead.reopenedFrom === null
        ? []
        : [
            {
              leadId: lead.leadId,
              kind: 'status' as const,
              at: now,
              captureId,
              detail: { from: lead.reopenedFrom, to: 'New', reason: 'returned' },
            },
          ]),
    ]);
    const counts = captureCountInserts(trx, deps.brokerage.officeHours.timeZone, {
      leadId: lead.leadId,
      newLead: lead.kind === 'received',
      viewing: capture.kind === 'viewing-request',
      receivedAt: now,
      demo: capture.demo,
      assignedEmail: lead.assignedEmail,
      assignedName: lead.assignedName,
      listing: capture.listing,
      pageUrl: capture.pageUrl,
      visitSource: capture.visitSource ?? null,
    });
    // A new lead and its person, the capture, its timeline lines and its rollups ride in the
    // jobs' statement: one round trip for all of them.
    await enqueue(trx, jobs, {
      now,
      alongside: [
        ...lead.inserts,
        trx.insertInto('captures').values(captureRow),
        events,
        ...counts,
      ],
    });
    // A conversation with its row (its report came first) now has an agent: it may move. One
    // without is counted when its report arrives, under the same conversation lock.
    if (capture.conversationId !== null && state.conversationExists) {
      await countConversation(trx, capture.conversationId, deps.brokerage.officeHours.timeZone);
    }
    return {
      created: true,
      captureId,
      personId,
      leadId: lead.leadId,
      assignee: lead.assignedName,
      deliverNow: deps.adapters.length > 0,
    };
  });
  if (stored.created) {
    deps.onStored?.(source);
  }
  return stored;
}
