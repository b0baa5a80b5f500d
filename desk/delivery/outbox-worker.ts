import type { Kysely } from 'kysely';
import { DeskConfigError } from '../config/config-error.ts';
import { type AlertRecipient, RETRY_POLICIES } from '../jobs/job-kinds.ts';
import type { ClaimedJob } from '../jobs/job-queue.ts';
import { type AttemptEvent, type JobLane, JobWorker } from '../jobs/job-worker.ts';
import type { AttemptOutcome, RetryPolicy } from '../jobs/retry-policy.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import type { DeliveryAdapter } from './adapter.ts';
import { loadConversationUpdate } from './conversation-update.ts';
import { type LeadRecord, loadLeadRecords } from './lead-record.ts';

/** How the outbox worker is built; clocks and randomness are injectable for tests. */
export interface OutboxWorkerOptions {
  db: Kysely<DeskDatabase>;
  adapters: readonly DeliveryAdapter[];
  /** A job taken but not finished within this long is taken again (a crashed worker's). */
  leaseMs?: number;
  /** How often the table is checked when nothing wakes the worker. */
  pollMs?: number;
  /** Jobs taken at once, per adapter. */
  batchSize?: number;
  /** A shorter (or longer) retry schedule than the kind's (`DESK_RETRY_BASE_MS`, `…_MAX_MS`). */
  retry?: Pick<RetryPolicy, 'baseMs' | 'maxMs'>;
  now?: () => Date;
  random?: () => number;
  /** Reports each finished try, with no personal data. */
  onAttempt?: (event: AttemptEvent) => void;
  /**
   * Hears each alert once it is out (the composition root puts an 'alert' line on the lead's
   * timeline, desk/leads/alert-timeline.ts). A failure is let go: failing the try would send the
   * alert a second time.
   */
  onAlert?: (db: Kysely<DeskDatabase>, alert: DeliveredAlert) => Promise<void>;
  /**
   * The lanes of other email the outbox sends (the invite and reset links, desk/auth/link-email.ts),
   * given by the composition root; the outbox's lease and retry schedule apply to them too.
   */
  lanes?: readonly JobLane[];
}

/** An alert that went out: a capture's, through one adapter, or a reassignment's email. */
export interface DeliveredAlert {
  leadId: string;
  captureId: string;
  adapter: string;
  /** The agent an email went to. */
  to: { name: string | null; email: string | null } | null;
  reason: 'captured' | 'reassigned';
}

type OnAlert = OutboxWorkerOptions['onAlert'];

export type { AttemptEvent };

/** A try's failure from a throw: retried, with the error's name only (no personal data). */
function thrown(error: unknown): AttemptOutcome {
  const name = error instanceof Error ? error.name : 'Error';
  return { ok: false, retry: true, reason: `adapter failed: ${name}` };
}

/** Tells `onAlert` an alert is out; never fails the try (see {@link OutboxWorkerOptions}). */
async function alertOut(
  db: Kysely<DeskDatabase>,
  onAlert: OnAlert,
  lead: LeadRecord,
  adapter: string,
  reason: DeliveredAlert['reason'],
): Promise<void> {
  const to =
    adapter === 'email' ? { name: lead.assignedTo.name, email: lead.assignedTo.email } : null;
  await onAlert?.(db, { leadId: lead.leadId, captureId: lead.id, adapter, to, reason }).catch(
    () => undefined,
  );
}

/** Sends one alert through the adapter and, once it is out, tells `onAlert`. */
async function sendAlert(
  db: Kysely<DeskDatabase>,
  adapter: DeliveryAdapter,
  job: ClaimedJob,
  onAlert: OnAlert,
  lead: LeadRecord,
  reason: DeliveredAlert['reason'],
): Promise<AttemptOutcome> {
  const outcome = await adapter.deliver(lead, { jobId: job.id, attempt: job.attempts });
  if (outcome.ok) {
    await alertOut(db, onAlert, lead, adapter.name, reason);
  }
  return outcome;
}

/**
 * The leads of a lane's claimed batch, read in one query before its jobs run (the job worker's
 * `prefetch`): one round trip for ten alerts instead of ten. Each is taken once, by its job;
 * a job whose lead was not read (a failed prefetch) reads its own.
 */
class BatchLeads {
  readonly #read = new Map<string, LeadRecord>();
  constructor(readonly db: Kysely<DeskDatabase>) {}

  async prefetch(jobs: readonly ClaimedJob[]): Promise<void> {
    const ids = jobs.flatMap((job) => (job.captureId === null ? [] : [job.captureId]));
    // A lane runs one batch at a time: what an earlier batch left unread is stale by now.
    this.#read.clear();
    for (const lead of await loadLeadRecords(this.db, { ids })) {
      this.#read.set(lead.id, lead);
    }
  }

  async take(captureId: string | null): Promise<LeadRecord | undefined> {
    const read = captureId === null ? undefined : this.#read.get(captureId);
    if (read !== undefined && captureId !== null) {
      this.#read.delete(captureId);
      return read;
    }
    const [lead] = await loadLeadRecords(this.db, { ids: [captureId ?? ''] });
    return lead;
  }
}

/** Tries one delivery job: the capture's alert, through the job's adapter. */
async function deliver(
  leads: BatchLeads,
  adapter: DeliveryAdapter,
  job: ClaimedJob,
  onAlert: OnAlert,
): Promise<AttemptOutcome> {
  const { db } = leads;
  try {
    const lead = await leads.take(job.captureId);
    if (!lead) {
      return { ok: false, retry: false, reason: 'the capture no longer exists' };
    }
    return await sendAlert(db, adapter, job, onAlert, lead, 'captured');
  } catch (error) {
    return thrown(error);
  }
}

/** Tries one conversation update: what follows the alert once the conversation has ended. */
async function followUp(
  { db }: BatchLeads,
  adapter: DeliveryAdapter,
  job: ClaimedJob,
): Promise<AttemptOutcome> {
  try {
    const loaded = await loadConversationUpdate(db, job);
    if ('outcome' in loaded) {
      return loaded.outcome;
    }
    return (
      (await adapter.followUp?.(loaded.update, { jobId: job.id, attempt: job.attempts })) ?? {
        ok: false,
        retry: false,
        reason: `the ${adapter.name} adapter sends no conversation updates`,
      }
    );
  } catch (error) {
    return thrown(error);
  }
}

function isRecipient(value: unknown): value is AlertRecipient {
  const { name, email } = (value ?? {}) as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string';
}

/** Tries one reassignment alert: the lead's alert email, to the agent it was reassigned to. */
async function reassignmentAlert(
  leads: BatchLeads,
  adapter: DeliveryAdapter,
  job: ClaimedJob,
  onAlert: OnAlert,
): Promise<AttemptOutcome> {
  const { db } = leads;
  try {
    const { to, by } = job.payload;
    const lead = await leads.take(job.captureId);
    if (!lead || !isRecipient(to)) {
      return { ok: false, retry: false, reason: 'the lead or its new agent is gone' };
    }
    const reason = typeof by === 'string' ? `reassigned to you by ${by}` : 'reassigned to you';
    const addressed = { ...lead, assignedTo: { name: to.name, email: to.email, reason } };
    return await sendAlert(db, adapter, job, onAlert, addressed, 'reassigned');
  } catch (error) {
    return thrown(error);
  }
}

/**
 * Refuses a lease that an adapter's request could outlive: another desk would take the job
 * while the first still waits for the CRM, and the lead would go out twice (docs/desk.md#jobs).
 */
export function checkDeliveryLease(leaseMs: number, adapters: readonly DeliveryAdapter[]): void {
  const problems = adapters
    .filter((a) => leaseMs <= a.timeoutMs)
    .map(
      (a) =>
        `DESK_DELIVERY_LEASE_MS (${leaseMs} ms) must be longer than the ${a.name} adapter's request timeout (${a.timeoutMs} ms)`,
    );
  if (problems.length > 0) {
    throw new DeskConfigError(problems);
  }
}

/** The outbox's own lease and retry schedule (`DESK_DELIVERY_LEASE_MS`, `DESK_RETRY_*`). */
function outboxPolicy(
  options: Pick<OutboxWorkerOptions, 'leaseMs' | 'retry'>,
): Partial<RetryPolicy> {
  return {
    ...options.retry,
    ...(options.leaseMs !== undefined && { leaseMs: options.leaseMs }),
  };
}

/**
 * The queue's delivery lanes, each taking only its own jobs: per enabled adapter, its alerts
 * and the conversation updates that follow them; for the email adapter, reassignment alerts;
 * and one per adapter that takes events about a person. A slow CRM's lanes never hold up an
 * email's.
 */
export function deliveryLanes(
  db: Kysely<DeskDatabase>,
  adapters: readonly DeliveryAdapter[],
  options: Pick<OutboxWorkerOptions, 'leaseMs' | 'batchSize' | 'retry' | 'onAlert'> = {},
): JobLane[] {
  const policy = outboxPolicy(options);
  checkDeliveryLease(policy.leaseMs ?? RETRY_POLICIES.delivery.leaseMs, adapters);
  const lane = (kind: JobLane['kind'], adapter: DeliveryAdapter, run: typeof deliver): JobLane => {
    const leads = new BatchLeads(db);
    return {
      kind,
      adapter: adapter.name,
      policy,
      ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
      // A conversation update reads its own record (./conversation-update.ts), and goes as soon
      // as the alert it follows is delivered.
      ...(run === followUp
        ? { follows: 'delivery' as const }
        : { prefetch: (jobs: readonly ClaimedJob[]) => leads.prefetch(jobs) }),
      run: (job) => run(leads, adapter, job, options.onAlert),
    };
  };
  // Events about a person (person.deleted) go to the adapters that take them, as a lane each.
  const events: JobLane[] = adapters.flatMap((adapter) => {
    const send = adapter.sendEvent?.bind(adapter);
    if (!send) {
      return [];
    }
    return [
      {
        kind: 'person-event' as const,
        adapter: adapter.name,
        policy,
        run: (job: ClaimedJob) =>
          send(job.payload as { type: string }, { jobId: job.id, attempt: job.attempts }),
      },
    ];
  });
  return [
    ...adapters.map((adapter) => lane('delivery', adapter, deliver)),
    ...adapters
      .filter((adapter) => adapter.followUp !== undefined)
      .map((adapter) => lane('conversation-update', adapter, followUp)),
    ...adapters
      .filter((adapter) => adapter.name === 'email')
      .map((adapter) => lane('reassignment-alert', adapter, reassignmentAlert)),
    ...events,
  ];
}

/**
 * Works the outbox (docs/desk.md#delivery): the job worker with a lane per delivery adapter, and
 * the lanes of the desk's other email. A job whose adapter is not enabled in this process is
 * left to a process that has it.
 */
export class OutboxWorker extends JobWorker {
  constructor(options: OutboxWorkerOptions) {
    super({
      db: options.db,
      lanes: [
        ...deliveryLanes(options.db, options.adapters, options),
        ...(options.lanes ?? []).map((lane) => ({
          ...lane,
          policy: { ...outboxPolicy(options), ...lane.policy },
        })),
      ],
      ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
      ...(options.now && { now: options.now }),
      ...(options.random && { random: options.random }),
      ...(options.onAttempt && { onAttempt: options.onAttempt }),
    });
  }
}
