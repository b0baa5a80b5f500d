import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { loadLeadRecords } from '../delivery/lead-record.ts';
import { shownText, shownViewingTimes } from '../delivery/shown-times.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { displayTime } from '../time/brokerage-time.ts';
import type { ActivityEntry, LeadDetail, LeadStatus } from './api-contract.ts';

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

const KIND_OF_ACTION: Record<string, ActivityEntry['kind']> = {
  status: 'status',
  assignment: 'assignment',
  note: 'note',
  'delivery-retry': 'delivery-retry',
  export: 'export',
};

function activityText(action: string, detail: Record<string, unknown>): string {
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (action) {
    case 'status':
      return `${s(detail.from)} → ${s(detail.to)}`;
    case 'assignment':
      return `${s(detail.fromName) || s(detail.from) || 'nobody'} → ${s(detail.toName) || s(detail.to)}`;
    case 'note':
      return s(detail.text);
    case 'delivery-retry':
      return `${s(detail.adapter)} delivery sent again`;
    default:
      return action;
  }
}

/** A lead's activity: its arrival, then every audited change to it, oldest first. */
async function activityOf(
  db: Kysely<DeskDatabase>,
  captureId: string,
  receivedAt: string,
  assignedName: string | null,
  timeZone: string,
): Promise<ActivityEntry[]> {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.at', 'a.action', 'a.detail', 'u.name', 'a.user_email'])
    .where('a.capture_id', '=', captureId)
    .orderBy('a.at')
    .orderBy('a.id')
    .execute();
  const received: ActivityEntry = {
    at: receivedAt,
    atText: displayTime(receivedAt, timeZone),
    by: null,
    kind: 'received',
    text: assignedName ? `Received, assigned to ${assignedName}` : 'Received',
  };
  return [
    received,
    ...rows
      .filter((r) => r.action in KIND_OF_ACTION)
      .map((r) => ({
        at: r.at.toISOString(),
        atText: displayTime(r.at, timeZone),
        by: r.name ?? r.user_email,
        kind: KIND_OF_ACTION[r.action] ?? 'note',
        text: activityText(r.action, r.detail),
      })),
  ];
}

/**
 * A lead as the detail page shows it, every time with its display text in `timeZone` (the
 * brokerage's), or null when it does not exist or is not this user's.
 */
export async function leadDetail(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  id: string,
  timeZone: string,
): Promise<LeadDetail | null> {
  if (!isUuid(id)) {
    return null;
  }
  const [lead] = await loadLeadRecords(db, { ids: [id] });
  if (!lead || !maySee(session, lead.assignedTo.email)) {
    return null;
  }
  const activity = await activityOf(db, lead.id, lead.receivedAt, lead.assignedTo.name, timeZone);
  return {
    id: lead.id,
    kind: lead.kind,
    status: lead.status as LeadStatus,
    demo: lead.demo,
    receivedAt: lead.receivedAt,
    capturedAt: lead.capturedAt,
    receivedAtText: displayTime(lead.receivedAt, timeZone),
    capturedAtText: displayTime(lead.capturedAt, timeZone),
    person: lead.person,
    listing: { ...lead.listing },
    fields: lead.fields,
    assignedTo: lead.assignedTo,
    viewingTimes: shownViewingTimes(lead.viewingTimes, timeZone),
    consent: {
      ...lead.consent,
      acceptedAtText: shownText(lead.consent.acceptedAt, timeZone),
      ...contactConsentOf(lead.fields, timeZone),
    },
    pageUrl: lead.pageUrl,
    conversation: lead.conversation,
    deliveries: lead.deliveries,
    activity,
  };
}

/** The capture a delivery job belongs to, if this user may see it. */
export async function deliveryCapture(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  deliveryId: string,
): Promise<{ captureId: string; adapter: string; status: string } | null> {
  if (!isUuid(deliveryId)) {
    return null;
  }
  const row = await db
    .selectFrom('deliveries as d')
    .innerJoin('captures as c', 'c.id', 'd.capture_id')
    .select(['d.capture_id', 'd.adapter', 'd.status', 'c.assigned_email'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!row || !maySee(session, row.assigned_email)) {
    return null;
  }
  return { captureId: row.capture_id, adapter: row.adapter, status: row.status };
}

/** The contact consent the widget's card and the assistant recorded in a capture's fields. */
function contactConsentOf(
  fields: Record<string, unknown>,
  timeZone: string,
): Pick<LeadDetail['consent'], 'contact' | 'spokenConsent' | 'doNotContact'> {
  const box = fields.contactConsent as Partial<Record<string, unknown>> | undefined;
  const contact =
    typeof box?.text === 'string' &&
    typeof box.version === 'string' &&
    typeof box.givenAt === 'string'
      ? {
          text: box.text,
          version: box.version,
          givenAt: box.givenAt,
          givenAtText: shownText(box.givenAt, timeZone),
        }
      : null;
  return {
    contact,
    spokenConsent: typeof fields.spokenConsent === 'boolean' ? fields.spokenConsent : null,
    doNotContact: fields.doNotContact === true,
  };
}
