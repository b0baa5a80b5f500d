// Over 300 lines as one concept: the lead's page as the API answers it (the person, captures,
// conversations, notes, timeline, jobs and routing), each part shaped for display in the
// brokerage's zone, and who may see it.
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { type LeadRecord, loadLeadRecords } from '../delivery/lead-record.ts';
import { shownViewingTimes } from '../delivery/shown-times.ts';
import { isLeadEventKind, timelineText } from '../leads/timeline-text.ts';
import type { RoutingDecision } from '../routing/rules-contract.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { displayTime } from '../time/brokerage-time.ts';
import type {
  LeadCapture,
  LeadConversation,
  LeadDetail,
  LeadNote,
  LeadStatus,
  TimelineEntry,
} from './api-contract.ts';
import { consentEvidence, leadConsent } from './lead-consent.ts';
import { leadJobs } from './lead-jobs.ts';
import { ofLeadOrMerged } from './lead-scope.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be a lead's or a delivery's id (anything else is simply not found). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Whether this user may see a lead assigned to `assignedEmail`. */
export function maySee(session: SessionUser, assignedEmail: string | null): boolean {
  return (
    session.user.role === 'broker' ||
    (assignedEmail !== null && assignedEmail.toLowerCase() === session.user.email)
  );
}

/** The lead an id names now: its own, the one it was merged into, or a capture's lead. */
export interface ResolvedLead {
  leadId: string;
  resolvedFrom: LeadDetail['resolvedFrom'];
}

/**
 * The live lead an id names (no access check): a lead's id, a merged lead's id (the lead it went
 * into: merges keep `merged_into` pointing at the survivor), or a capture's id (links written
 * before leads existed). Null for anything else.
 */
export async function resolveLead(
  db: Kysely<DeskDatabase>,
  id: string,
): Promise<ResolvedLead | null> {
  if (!isUuid(id)) {
    return null;
  }
  const lead = await db
    .selectFrom('leads')
    .select(['id', 'merged_into'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (lead) {
    return lead.merged_into === null
      ? { leadId: lead.id, resolvedFrom: null }
      : { leadId: lead.merged_into, resolvedFrom: { id, reason: 'merged' } };
  }
  const capture = await db
    .selectFrom('captures as c')
    .innerJoin('leads as l', 'l.id', 'c.lead_id')
    .select(['l.id', 'l.merged_into'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return capture
    ? { leadId: capture.merged_into ?? capture.id, resolvedFrom: { id, reason: 'capture' } }
    : null;
}

/** A capture as the lead page shows it. */
function shownCapture(record: LeadRecord, timeZone: string): LeadCapture {
  return {
    id: record.id,
    kind: record.kind,
    conversationId: record.conversationId,
    source: record.source,
    receivedAt: record.receivedAt,
    capturedAt: record.capturedAt,
    receivedAtText: displayTime(record.receivedAt, timeZone),
    capturedAtText: displayTime(record.capturedAt, timeZone),
    listing: { ...record.listing },
    fields: record.fields,
    viewingTimes: shownViewingTimes(record.viewingTimes, timeZone),
    consent: consentEvidence(record, timeZone),
    pageUrl: record.pageUrl,
  };
}

/** Each conversation once, in the order of its first capture (records oldest first). */
function conversationsOf(records: readonly LeadRecord[], timeZone: string): LeadConversation[] {
  const seen = new Map<string, LeadConversation>();
  for (const r of records) {
    if (r.conversation !== null && !seen.has(r.conversation.id)) {
      seen.set(r.conversation.id, {
        ...r.conversation,
        at: r.receivedAt,
        atText: displayTime(r.receivedAt, timeZone),
      });
    }
  }
  return [...seen.values()];
}

/** The lead's timeline, oldest first: its own lines and those of the leads merged into it. */
async function timelineOf(
  db: Kysely<DeskDatabase>,
  leadId: string,
  timeZone: string,
): Promise<TimelineEntry[]> {
  const rows = await db
    .selectFrom('lead_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.at',
      'e.kind',
      'e.detail',
      'e.capture_id',
      'e.conversation_id',
      'u.name',
      'e.user_email',
    ])
    .where(ofLeadOrMerged('e.lead_id', leadId))
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    atText: displayTime(r.at, timeZone),
    kind: isLeadEventKind(r.kind) ? r.kind : 'note',
    by: r.name ?? r.user_email,
    text: timelineText({ kind: r.kind, detail: r.detail }),
    captureId: r.capture_id,
    conversationId: r.conversation_id,
  }));
}

async function notesOf(
  db: Kysely<DeskDatabase>,
  leadId: string,
  timeZone: string,
): Promise<LeadNote[]> {
  const rows = await db
    .selectFrom('lead_notes as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.created_at', 'n.text', 'n.contact', 'u.name', 'u.email'])
    .where('n.lead_id', '=', leadId)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.created_at.toISOString(),
    atText: displayTime(r.created_at, timeZone),
    by: r.name ?? r.email,
    text: r.text,
    contact: r.contact,
  }));
}

/**
 * A lead as its page shows it, every time with its display text in `timeZone` (the
 * brokerage's), or null when the id names no lead this user may see. A merged lead's or a
 * capture's id answers the lead it belongs to now, with `resolvedFrom`.
 */
export async function leadDetail(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  id: string,
  timeZone: string,
): Promise<LeadDetail | null> {
  const resolved = await resolveLead(db, id);
  if (!resolved) {
    return null;
  }
  const lead = await db
    .selectFrom('leads as l')
    .innerJoin('people as p', 'p.id', 'l.person_id')
    .leftJoin('users as u', 'u.id', 'l.claimed_by')
    .select([
      'l.id',
      'l.status',
      'l.demo',
      'l.created_at',
      'l.last_activity_at',
      'l.assigned_name',
      'l.assigned_email',
      'l.assignment_reason',
      'l.claimed_at',
      'p.id as person_id',
      'p.name as person_name',
      'p.phone as person_phone',
      'p.email as person_email',
      'u.name as claimed_name',
      'u.email as claimed_email',
    ])
    .where('l.id', '=', resolved.leadId)
    .executeTakeFirst();
  if (!lead || !maySee(session, lead.assigned_email)) {
    return null;
  }
  const captureIds = await db
    .selectFrom('captures')
    .select('id')
    .where('lead_id', '=', lead.id)
    .execute();
  // loadLeadRecords answers newest first; the page reads oldest first.
  const records = (await loadLeadRecords(db, { ids: captureIds.map((c) => c.id) })).reverse();
  const captures = records.map((r) => shownCapture(r, timeZone));
  const [notes, timeline, deliveries, received] = await Promise.all([
    notesOf(db, lead.id, timeZone),
    timelineOf(db, lead.id, timeZone),
    leadJobs(db, lead.id, captures, timeZone),
    db
      .selectFrom('lead_events')
      .select('detail')
      .where('lead_id', '=', lead.id)
      .where('kind', '=', 'received')
      .executeTakeFirst(),
  ]);
  const listings: string[] = [];
  for (const c of [...captures].reverse()) {
    const key = c.listing.address ?? c.listing.id;
    if (key !== undefined && !listings.includes(key)) {
      listings.push(key);
    }
  }
  return {
    id: lead.id,
    resolvedFrom: resolved.resolvedFrom,
    status: lead.status as LeadStatus,
    demo: lead.demo,
    receivedAt: lead.created_at.toISOString(),
    receivedAtText: displayTime(lead.created_at, timeZone),
    lastActivityAt: lead.last_activity_at.toISOString(),
    lastActivityAtText: displayTime(lead.last_activity_at, timeZone),
    person: {
      id: lead.person_id,
      name: lead.person_name,
      phone: lead.person_phone,
      email: lead.person_email,
    },
    assignedTo: {
      name: lead.assigned_name,
      email: lead.assigned_email,
      reason: lead.assignment_reason,
    },
    // Written by store-capture.ts with the lead's received line; absent before rules existed.
    routing: (received?.detail.routing as RoutingDecision | undefined) ?? null,
    claimedBy:
      lead.claimed_at === null
        ? null
        : {
            name: lead.claimed_name,
            email: lead.claimed_email,
            at: lead.claimed_at.toISOString(),
            atText: displayTime(lead.claimed_at, timeZone),
          },
    listings,
    captures,
    conversations: conversationsOf(records, timeZone),
    consent: leadConsent(captures.map((c) => c.consent)),
    notes,
    deliveries,
    timeline,
  };
}

/**
 * The lead a job of its `deliveries` belongs to (an alert or an update, any job about one of its
 * captures), if this user may see it.
 */
export async function deliveryLead(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  deliveryId: string,
): Promise<{ captureId: string; leadId: string; adapter: string; status: string } | null> {
  if (!isUuid(deliveryId)) {
    return null;
  }
  const row = await db
    .selectFrom('jobs as j')
    .innerJoin('captures as c', 'c.id', 'j.capture_id')
    .innerJoin('leads as l', 'l.id', 'c.lead_id')
    .select(['j.capture_id', 'c.lead_id', 'j.adapter', 'j.status', 'l.assigned_email'])
    .where('j.id', '=', deliveryId)
    .where('j.adapter', 'is not', null)
    .executeTakeFirst();
  if (!row || row.capture_id === null || !maySee(session, row.assigned_email)) {
    return null;
  }
  return {
    captureId: row.capture_id,
    leadId: row.lead_id,
    adapter: row.adapter ?? '',
    status: row.status,
  };
}
