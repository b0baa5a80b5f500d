import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AttemptEvent } from '../jobs/job-worker.ts';
import type { DeskDb } from '../storage/database.ts';

/**
 * The desk's Prometheus metrics (docs/desk.md#metrics), one registry per running desk so two
 * desks in one process (tests) never mix their counts. Every label is a name the code chose (a
 * route pattern, an adapter, a job kind, a status), never a value a request carried: no path
 * with an id in it, no email, no phone.
 */
export interface DeskMetrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (`/api/leads/:id`), method and status. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One finished delivery try (the job worker's `onAttempt`). */
  attempt(event: AttemptEvent): void;
  /** A new capture was stored (not a repeat). */
  captureStored(source: 'widget' | 'platform'): void;
  /** The exposition text, with the queue's and the database's gauges read now. */
  text(): Promise<string>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A request's method as a label: any other word a client sends is `OTHER`, not a new series. */
function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** Builds the registry for one desk and its database. */
export function createDeskMetrics(database: Pick<DeskDb, 'db' | 'stats'>): DeskMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'desk_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'desk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const captures = new Counter({
    name: 'desk_captures_stored_total',
    help: 'New captures stored, by where they came from (repeats are not counted)',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'desk_delivery_attempts_total',
    help: 'Delivery tries finished, by adapter and outcome (delivered, retry, dead)',
    labelNames: ['adapter', 'outcome'] as const,
    registers: [registry],
  });
  const attemptSeconds = new Histogram({
    name: 'desk_delivery_attempt_duration_seconds',
    help: 'Time one delivery try took, by adapter',
    labelNames: ['adapter'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: 'desk_metrics_database_errors_total',
    help: 'Scrapes whose queue query failed (the database was unreachable)',
    registers: [registry],
  });
  let errorsSeen = 0;
  new Counter({
    name: 'desk_database_errors_total',
    help: 'Database queries that failed since the desk started',
    registers: [registry],
    collect() {
      const now = database.stats?.().queryErrors ?? 0;
      if (now > errorsSeen) {
        this.inc(now - errorsSeen);
        errorsSeen = now;
      }
    },
  });
  new Gauge({
    name: 'desk_database_pool_connections',
    help: "The PostgreSQL pool's connections, by state (total, idle, waiting); none on PGlite",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.stats?.().pool ?? null;
      this.reset();
      if (pool !== null) {
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      }
    },
  });
  new Gauge({
    name: 'desk_jobs',
    help: 'Jobs in the queue, by kind, adapter and status: pending is the depth, dead gave up',
    labelNames: ['kind', 'adapter', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await database.db
          .selectFrom('jobs')
          .select(({ fn }) => ['kind', 'adapter', 'status', fn.countAll<number>().as('n')])
          .groupBy(['kind', 'adapter', 'status'])
          .execute();
        for (const row of rows) {
          this.set(
            { kind: row.kind, adapter: row.adapter ?? '', status: row.status },
            Number(row.n),
          );
        }
      } catch {
        // The scrape still answers (the process metrics matter most in an outage).
        scrapeErrors.inc();
      }
    },
  });
  return {
    registry,
    request(route, method, status, seconds) {
      const labels = { route, method: methodLabel(method) };
      requests.inc({ ...labels, status: String(status) });
      requestSeconds.observe(labels, seconds);
    },
    attempt(event) {
      if (event.kind !== 'delivery') {
        return;
      }
      const adapter = event.adapter ?? '';
      attempts.inc({ adapter, outcome: event.outcome });
      attemptSeconds.observe({ adapter }, event.ms / 1000);
    },
    captureStored(source) {
      captures.inc({ source });
    },
    text: () => registry.metrics(),
  };
}
