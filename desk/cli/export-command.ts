import type { Kysely } from 'kysely';
import { type LeadRecord, loadLeadRecords } from '../delivery/lead-record.ts';
import type { DeskDatabase } from '../storage/schema.ts';

const PAGE = 500;

/**
 * One capture as `npm run desk -- export` prints it (docs/desk.md#export): its keys are a
 * contract. `leadId` is the lead (one per person) the capture belongs to now.
 */
export function exportLine(lead: LeadRecord, leadId: string): Record<string, unknown> {
  return {
    id: lead.id,
    leadId,
    kind: lead.kind,
    idempotencyKey: lead.idempotencyKey,
    conversationId: lead.conversationId,
    capturedAt: lead.capturedAt,
    receivedAt: lead.receivedAt,
    source: lead.source,
    demo: lead.demo,
    status: lead.status,
    person: lead.person,
    listing: lead.listing,
    fields: lead.fields,
    assignedTo: { name: lead.assignedTo.name, email: lead.assignedTo.email },
    assignmentReason: lead.assignedTo.reason,
    consent: {
      version: lead.consent.version,
      acceptedAt: lead.consent.acceptedAt,
      consentToContact: lead.consent.consentToContact,
      text: lead.consent.text,
    },
    pageUrl: lead.pageUrl,
    viewingTimes: lead.viewingTimes,
    conversation:
      lead.conversation === null
        ? null
        : {
            summary: lead.conversation.summary,
            transcript: lead.conversation.transcript,
            recordingUrl: lead.conversation.recordingUrl,
            durationSeconds: lead.conversation.durationSeconds,
            endedReason: lead.conversation.endedReason,
          },
    deliveries: lead.deliveries.map((d) => ({
      id: d.id,
      adapter: d.adapter,
      status: d.status,
      attempts: d.attempts,
      lastError: d.lastError,
    })),
  };
}

/** Each capture's lead, for a page of captures: one query. */
async function leadsOf(
  db: Kysely<DeskDatabase>,
  captureIds: readonly string[],
): Promise<Map<string, string>> {
  if (captureIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('captures')
    .select(['id', 'lead_id'])
    .where('id', 'in', captureIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.lead_id]));
}

/** Writes every capture, newest first, one JSON line each, in pages (no full table in memory). */
export async function exportCaptures(
  db: Kysely<DeskDatabase>,
  write: (line: string) => void,
): Promise<number> {
  let count = 0;
  let after: { receivedAt: Date; id: string } | undefined;
  for (;;) {
    const page = await loadLeadRecords(db, { limit: PAGE, ...(after && { after }) });
    const leadIds = await leadsOf(
      db,
      page.map((c) => c.id),
    );
    for (const lead of page) {
      write(JSON.stringify(exportLine(lead, leadIds.get(lead.id) ?? '')));
    }
    count += page.length;
    const last = page.at(-1);
    if (!last || page.length < PAGE) {
      return count;
    }
    after = { receivedAt: new Date(last.receivedAt), id: last.id };
  }
}
