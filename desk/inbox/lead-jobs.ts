import type { Kysely } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import { displayTime } from '../time/brokerage-time.ts';
import type { LeadDelivery } from './api-contract.ts';
import { type JobFacts, jobNames } from './job-words.ts';
import { ofLeadOrMerged } from './lead-scope.ts';

/** A capture of the lead, as its jobs' names need it. */
export interface JobCapture {
  id: string;
  kind: 'lead' | 'viewing-request';
  receivedAtText: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * Every job about a lead's captures, oldest first, each named in words with its state
 * (docs/inbox.md#deliveries): the alerts (the capture's, an escalation step's, a reassignment's)
 * and the updates that follow them when the conversation ends. A lead's timers (escalation) are
 * not sent to anyone and are not listed; a person's erasure leaves no lead to show.
 */
export async function leadJobs(
  db: Kysely<DeskDatabase>,
  leadId: string,
  captures: readonly JobCapture[],
  timeZone: string,
): Promise<LeadDelivery[]> {
  if (captures.length === 0) {
    return [];
  }
  const captureIds = captures.map((c) => c.id);
  const [jobs, events, assignees] = await Promise.all([
    db
      .selectFrom('jobs')
      .select([
        'id',
        'kind',
        'key',
        'capture_id',
        'adapter',
        'payload',
        'status',
        'attempts',
        'last_error',
        'run_at',
        'finished_at',
        'created_at',
      ])
      .where('capture_id', 'in', captureIds)
      .where('adapter', 'is not', null)
      .orderBy('created_at')
      .orderBy('kind')
      .orderBy('adapter')
      .execute(),
    // Who each alert went to: the capture's first line (received, returned, captured again)
    // names its assignee then, an escalation step's line the agent it went to.
    db
      .selectFrom('lead_events')
      .select(['lead_id', 'kind', 'capture_id', 'detail'])
      .where((eb) =>
        eb.or([
          eb('capture_id', 'in', captureIds),
          eb.and([eb('kind', '=', 'escalated'), ofLeadOrMerged('lead_id', leadId)]),
        ]),
      )
      .where('kind', 'in', ['received', 'returned', 'capture', 'escalated'])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('captures')
      .select(['id', 'assigned_name', 'assigned_email'])
      .where('id', 'in', captureIds)
      .execute(),
  ]);
  const firstAssignee = new Map<string, string>();
  const escalatedTo = new Map<string, string>();
  for (const e of events) {
    if (e.kind === 'escalated') {
      const to = text(e.detail.toName) ?? text(e.detail.toEmail);
      if (to !== null) {
        escalatedTo.set(`${e.lead_id}:${String(e.detail.step)}`, to);
      }
    } else if (e.capture_id !== null && !firstAssignee.has(e.capture_id)) {
      const to = text(e.detail.assignedName) ?? text(e.detail.assignedEmail);
      if (to !== null) {
        firstAssignee.set(e.capture_id, to);
      }
    }
  }
  const currentAssignee = new Map(
    assignees.map((a) => [a.id, text(a.assigned_name) ?? text(a.assigned_email)]),
  );
  const captureOf = new Map(captures.map((c) => [c.id, c]));

  function recipient(job: (typeof jobs)[number], captureId: string): string | null {
    if (job.kind === 'reassignment-alert') {
      const to = job.payload.to as { name?: unknown; email?: unknown } | undefined;
      return text(to?.name) ?? text(to?.email);
    }
    // escalation:<leadId>:<step>:<adapter>
    const step = /^escalation:([^:]+):(\d+):/.exec(job.key);
    if (job.kind === 'delivery' && step) {
      return escalatedTo.get(`${step[1]}:${step[2]}`) ?? null;
    }
    // An update follows to whoever has the lead when it is sent.
    return job.kind === 'delivery'
      ? (firstAssignee.get(captureId) ?? currentAssignee.get(captureId) ?? null)
      : (currentAssignee.get(captureId) ?? null);
  }

  const facts: JobFacts[] = jobs.map((job) => {
    const captureId = job.capture_id ?? '';
    const capture = captureOf.get(captureId);
    return {
      kind: job.kind,
      key: job.key,
      adapter: job.adapter ?? '',
      captureKind: capture?.kind ?? 'lead',
      recipient: recipient(job, captureId),
      receivedAtText: capture?.receivedAtText ?? '',
    };
  });
  const names = jobNames(facts);
  return jobs.map((job, i) => {
    const pending = job.status === 'pending';
    return {
      id: job.id,
      captureId: job.capture_id ?? '',
      kind: job.kind,
      adapter: job.adapter ?? '',
      name: names[i] ?? job.kind,
      status: job.status,
      state:
        job.status === 'delivered'
          ? 'sent'
          : job.status === 'dead'
            ? 'dead'
            : job.attempts > 0
              ? 'retrying'
              : 'waiting',
      attempts: job.attempts,
      lastError: job.last_error,
      nextTryAt: pending ? job.run_at.toISOString() : null,
      nextTryAtText: pending ? displayTime(job.run_at, timeZone) : null,
      sentAt: job.finished_at === null ? null : job.finished_at.toISOString(),
      sentAtText: job.finished_at === null ? null : displayTime(job.finished_at, timeZone),
    };
  });
}

/** The name the lead's page gives a job ("Follow Up Boss note (conversation)"), or null. */
export async function leadJobName(
  db: Kysely<DeskDatabase>,
  leadId: string,
  jobId: string,
  timeZone: string,
): Promise<string | null> {
  const captures = await db
    .selectFrom('captures')
    .select(['id', 'kind', 'received_at'])
    .where('lead_id', '=', leadId)
    .execute();
  const jobs = await leadJobs(
    db,
    leadId,
    captures.map((c) => ({
      id: c.id,
      kind: c.kind,
      receivedAtText: displayTime(c.received_at, timeZone),
    })),
    timeZone,
  );
  return jobs.find((j) => j.id === jobId)?.name ?? null;
}
