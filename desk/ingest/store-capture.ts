import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { MAX_CAPTURES_PER_CONVERSATION } from '../../widget/leads/constants.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { isWithinOfficeHours } from '../config/office-hours.ts';
import { deliveryJob } from '../jobs/job-kinds.ts';
import { enqueue } from '../jobs/job-queue.ts';
import { assignCapture } from '../routing/assign.ts';
import { resolveViewingTimes } from '../routing/viewing-time.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import type { IncomingCapture } from './capture-body.ts';
import { IngestError } from './ingest-error.ts';
import { emailKey, phoneKey } from './person-keys.ts';

/**
 * How long a capture's deliveries wait for its conversation's end (and so its summary and
 * transcript) before they go without (docs/desk.md#delivery).
 */
export const CONVERSATION_WAIT_MS = 5 * 60 * 1000;

/** What storing a capture needs. */
export interface StoreCaptureDeps {
  db: Kysely<DeskDatabase>;
  brokerage: Brokerage;
  /** The enabled delivery adapters: one outbox job each. */
  adapters: readonly string[];
  now?: () => Date;
}

/** The outcome: `created` is false when the capture was already stored (a repeat). */
export interface StoredCapture {
  created: boolean;
  captureId: string;
  personId: string;
  /** The name of the agent the capture is assigned to (for a repeat, as it is now). */
  assignee: string | null;
  /** Its delivery jobs are due now (its conversation has ended), so the worker should look. */
  deliverNow: boolean;
}

/**
 * Takes the transaction's advisory locks in one round trip, in the order given. Every capture
 * orders its keys the same way (capture, conversation, phone, email), so two transactions never
 * wait for each other in a circle.
 */
async function lockAll(trx: Transaction<DeskDatabase>, keys: readonly string[]) {
  const calls = keys.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  await sql`select ${sql.join(calls)}`.execute(trx);
}

/** The person's lock keys: phone before email (see {@link lockAll}). */
function personLocks(fields: { phone?: string; email?: string }): string[] {
  const phone = phoneKey(fields.phone);
  const email = emailKey(fields.email);
  return [...(phone ? [`person:phone:${phone}`] : []), ...(email ? [`person:email:${email}`] : [])];
}

/** Finds the person by phone or email (the caller holds their locks), or creates them. */
async function matchPerson(
  trx: Transaction<DeskDatabase>,
  fields: { name?: string; phone?: string; email?: string },
): Promise<string> {
  const phone = phoneKey(fields.phone);
  const email = emailKey(fields.email);
  const found = await trx
    .selectFrom('people')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(phone ? [eb('phone_key', '=', phone)] : []),
        ...(email ? [eb('email_key', '=', email)] : []),
      ]),
    )
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (found) {
    await trx
      .updateTable('people')
      .set({
        name: found.name ?? fields.name ?? null,
        phone: found.phone ?? fields.phone ?? null,
        phone_key: found.phone_key ?? phone,
        email: found.email ?? fields.email ?? null,
        email_key: found.email_key ?? email,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', found.id)
      .execute();
    return found.id;
  }
  const id = randomUUID();
  await trx
    .insertInto('people')
    .values({
      id,
      name: fields.name ?? null,
      phone: fields.phone ?? null,
      phone_key: phone,
      email: fields.email ?? null,
      email_key: email,
    })
    .execute();
  return id;
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
  return deps.db.transaction().execute(async (trx) => {
    const sameCall = capture.conversationId !== null && capture.toolCallId !== null;
    await lockAll(trx, [
      sameCall
        ? `capture:call:${capture.conversationId}:${capture.toolCallId}`
        : `capture:key:${capture.idempotencyKey}`,
      ...(capture.conversationId !== null ? [`conversation:${capture.conversationId}`] : []),
      ...personLocks(capture.fields),
    ]);
    // One round trip for what decides the rest: a repeat, the conversation's captures so far,
    // and whether the conversation has ended (its transcript is stored).
    const repeat = (eb: ExpressionBuilder<DeskDatabase, 'captures'>) =>
      eb.or([
        eb('idempotency_key', '=', capture.idempotencyKey),
        ...(sameCall
          ? [
              eb.and([
                eb('conversation_id', '=', capture.conversationId),
                eb('tool_call_id', '=', capture.toolCallId),
              ]),
            ]
          : []),
      ]);
    const state = await trx
      .selectNoFrom((eb) => [
        eb.selectFrom('captures').select('id').where(repeat).limit(1).as('existingId'),
        eb.selectFrom('captures').select('person_id').where(repeat).limit(1).as('existingPerson'),
        eb
          .selectFrom('captures')
          .select('assigned_name')
          .where(repeat)
          .limit(1)
          .as('existingAssignee'),
        eb
          .selectFrom('captures')
          .select((c) => c.fn.countAll<number>().as('n'))
          .where('conversation_id', '=', capture.conversationId ?? '')
          .as('count'),
        eb
          .exists(
            eb
              .selectFrom('conversations')
              .select('id')
              .where('id', '=', capture.conversationId ?? ''),
          )
          .as('ended'),
      ])
      .executeTakeFirstOrThrow();
    if (state.existingId !== null && state.existingPerson !== null) {
      return {
        created: false,
        captureId: state.existingId,
        personId: state.existingPerson,
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
    const personId = await matchPerson(trx, capture.fields);
    const { agent, reason } = assignCapture(
      deps.brokerage,
      capture.listing,
      isWithinOfficeHours(deps.brokerage.officeHours, new Date(capture.capturedAt)),
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
    const captureRow = {
      id: captureId,
      idempotency_key: capture.idempotencyKey,
      kind: capture.kind,
      source,
      conversation_id: capture.conversationId,
      tool_call_id: capture.toolCallId,
      person_id: personId,
      captured_at: capture.capturedAt,
      received_at: now,
      listing: json(capture.listing),
      // The card's evidence goes with the fields it decided (consentToContact).
      fields: json(
        capture.contactConsent
          ? { ...capture.fields, contactConsent: capture.contactConsent }
          : capture.fields,
      ),
      viewing_times: json(viewingTimes),
      consent_to_contact: capture.fields.consentToContact === true,
      consent_version: capture.consent?.version ?? null,
      consent_text: capture.consent?.text ?? null,
      consent_accepted_at: capture.consent?.acceptedAt ?? null,
      page_url: capture.pageUrl,
      assigned_name: agent.name,
      assigned_email: agent.email,
      assignment_reason: reason,
      demo: capture.demo,
    };
    const ended = capture.conversationId === null || Boolean(state.ended);
    const runAt = new Date(now.getTime() + (ended ? 0 : CONVERSATION_WAIT_MS));
    // The capture rides along in the jobs' statement: one round trip fewer per capture.
    await enqueue(
      trx,
      deps.adapters.map((adapter) => deliveryJob(captureId, adapter, runAt)),
      { now, alongside: trx.insertInto('captures').values(captureRow) },
    );
    return {
      created: true,
      captureId,
      personId,
      assignee: agent.name,
      deliverNow: ended && deps.adapters.length > 0,
    };
  });
}
