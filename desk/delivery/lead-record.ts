import { type Kysely, sql } from 'kysely';
import type { ListingContext } from '../../widget/leads/page/listing-context.ts';
import type {
  DeliveryStatus,
  DeskDatabase,
  StoredMessage,
  StoredViewingTime,
} from '../storage/schema.ts';

/**
 * Everything known about one capture, assembled from its rows: what every adapter sends and
 * what `npm run desk -- export` prints (docs/desk.md#export).
 */
export interface LeadRecord {
  /** The capture's id. */
  id: string;
  /** The lead (one per person) the capture belongs to (docs/inbox.md#leads). */
  leadId: string;
  kind: 'lead' | 'viewing-request';
  idempotencyKey: string;
  conversationId: string | null;
  capturedAt: string;
  receivedAt: string;
  source: 'widget' | 'platform';
  demo: boolean;
  status: string;
  person: { id: string; name: string | null; phone: string | null; email: string | null };
  listing: ListingContext;
  fields: Record<string, unknown>;
  assignedTo: { name: string | null; email: string | null; reason: string };
  consent: {
    version: string | null;
    text: string | null;
    acceptedAt: string | null;
    consentToContact: boolean;
  };
  pageUrl: string | null;
  viewingTimes: StoredViewingTime[];
  conversation: {
    id: string;
    summary: string | null;
    transcript: string | null;
    messages: StoredMessage[];
    recordingUrl: string | null;
    durationSeconds: number | null;
    endedReason: string | null;
  } | null;
  deliveries: {
    id: string;
    adapter: string;
    status: DeliveryStatus;
    attempts: number;
    lastError: string | null;
  }[];
}

type DeliveryJson = LeadRecord['deliveries'][number];

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * Loads lead records, newest first: the given capture ids, or every capture (in pages of
 * `limit` after the `before` cursor, for the export).
 */
export async function loadLeadRecords(
  db: Kysely<DeskDatabase>,
  query: { ids?: readonly string[]; limit?: number; after?: { receivedAt: Date; id: string } } = {},
): Promise<LeadRecord[]> {
  let select = db
    .selectFrom('captures as c')
    .innerJoin('people as p', 'p.id', 'c.person_id')
    .leftJoin('conversations as v', 'v.id', 'c.conversation_id')
    .select([
      'c.id',
      'c.lead_id',
      'c.kind',
      'c.idempotency_key',
      'c.conversation_id',
      'c.captured_at',
      'c.received_at',
      'c.source',
      'c.demo',
      'c.status',
      'c.listing',
      'c.fields',
      'c.viewing_times',
      'c.assigned_name',
      'c.assigned_email',
      'c.assignment_reason',
      'c.consent_version',
      'c.consent_text',
      'c.consent_accepted_at',
      'c.consent_to_contact',
      'c.page_url',
      'p.id as person_id',
      'p.name as person_name',
      'p.phone as person_phone',
      'p.email as person_email',
      'v.id as conv_id',
      'v.summary',
      'v.transcript',
      'v.messages',
      'v.recording_url',
      'v.duration_seconds',
      'v.ended_reason',
      // The capture's deliveries in the same round trip (each delivery try reads its record).
      sql<DeliveryJson[]>`(
        select coalesce(json_agg(json_build_object('id', d.id, 'adapter', d.adapter,
          'status', d.status, 'attempts', d.attempts, 'lastError', d.last_error)
          order by d.adapter), '[]')
        from deliveries d where d.capture_id = c.id)`.as('deliveries'),
    ])
    .orderBy('c.received_at', 'desc')
    .orderBy('c.id', 'desc');
  if (query.ids) {
    if (query.ids.length === 0) {
      return [];
    }
    select = select.where('c.id', 'in', query.ids);
  }
  if (query.after) {
    const { receivedAt, id } = query.after;
    select = select.where((eb) =>
      eb.or([
        eb('c.received_at', '<', receivedAt),
        eb.and([eb('c.received_at', '=', receivedAt), eb('c.id', '<', id)]),
      ]),
    );
  }
  if (query.limit !== undefined) {
    select = select.limit(query.limit);
  }
  const rows = await select.execute();
  return rows.map((r) => ({
    id: r.id,
    leadId: r.lead_id,
    kind: r.kind,
    idempotencyKey: r.idempotency_key,
    conversationId: r.conversation_id,
    capturedAt: r.captured_at.toISOString(),
    receivedAt: r.received_at.toISOString(),
    source: r.source,
    demo: r.demo,
    status: r.status,
    person: { id: r.person_id, name: r.person_name, phone: r.person_phone, email: r.person_email },
    listing: r.listing,
    fields: r.fields,
    assignedTo: { name: r.assigned_name, email: r.assigned_email, reason: r.assignment_reason },
    consent: {
      version: r.consent_version,
      text: r.consent_text,
      acceptedAt: iso(r.consent_accepted_at),
      consentToContact: r.consent_to_contact,
    },
    pageUrl: r.page_url,
    viewingTimes: r.viewing_times,
    conversation:
      r.conv_id === null
        ? null
        : {
            id: r.conv_id,
            summary: r.summary,
            transcript: r.transcript,
            messages: r.messages ?? [],
            recordingUrl: r.recording_url,
            durationSeconds: r.duration_seconds,
            endedReason: r.ended_reason,
          },
    deliveries: r.deliveries,
  }));
}
