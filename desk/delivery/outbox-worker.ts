import type { Kysely } from 'kysely';
import { DeskConfigError } from '../config/config-error.ts';
import { RETRY_POLICIES } from '../jobs/job-kinds.ts';
import type { ClaimedJob } from '../jobs/job-queue.ts';
import { type AttemptEvent, type JobLane, JobWorker } from '../jobs/job-worker.ts';
import type { AttemptOutcome, RetryPolicy } from '../jobs/retry-policy.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import type { DeliveryAdapter } from './adapter.ts';
import { loadLeadRecords } from './lead-record.ts';

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
}

export type { AttemptEvent };

/** Tries one delivery job: the capture's lead record, through the job's adapter. */
async function deliver(
  db: Kysely<DeskDatabase>,
  adapter: DeliveryAdapter,
  job: ClaimedJob,
): Promise<AttemptOutcome> {
  try {
    const [lead] = await loadLeadRecords(db, { ids: [job.captureId ?? ''] });
    if (!lead) {
      return { ok: false, retry: false, reason: 'the capture no longer exists' };
    }
    return await adapter.deliver(lead, { jobId: job.id, attempt: job.attempts });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { ok: false, retry: true, reason: `adapter failed: ${name}` };
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

/**
 * The queue's delivery lanes: one per enabled adapter, each taking only its own jobs, and one
 * per adapter that takes events about a person.
 */
export function deliveryLanes(
  db: Kysely<DeskDatabase>,
  adapters: readonly DeliveryAdapter[],
  options: Pick<OutboxWorkerOptions, 'leaseMs' | 'batchSize' | 'retry'> = {},
): JobLane[] {
  const policy: Partial<RetryPolicy> = {
    ...options.retry,
    ...(options.leaseMs !== undefined && { leaseMs: options.leaseMs }),
  };
  checkDeliveryLease(policy.leaseMs ?? RETRY_POLICIES.delivery.leaseMs, adapters);
  const leads: JobLane[] = adapters.map((adapter) => ({
    kind: 'delivery',
    adapter: adapter.name,
    policy,
    ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
    run: (job) => deliver(db, adapter, job),
  }));
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
  return [...leads, ...events];
}

/**
 * Works the outbox (docs/desk.md#delivery): the job worker with a lane per delivery adapter. A
 * job whose adapter is not enabled in this process is left to a process that has it.
 */
export class OutboxWorker extends JobWorker {
  constructor(options: OutboxWorkerOptions) {
    super({
      db: options.db,
      lanes: deliveryLanes(options.db, options.adapters, options),
      ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
      ...(options.now && { now: options.now }),
      ...(options.random && { random: options.random }),
      ...(options.onAttempt && { onAttempt: options.onAttempt }),
    });
  }
}
