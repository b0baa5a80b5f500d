import type { Logger } from 'pino';
import type { Brokerage } from '../config/brokerage.ts';
import type { DeskEnv } from '../config/desk-env.ts';
import type { MessageValidator } from '../ingest/platform-schema.ts';
import type { JobKind } from '../jobs/job-kinds.ts';
import type { DeskMetrics } from '../metrics/desk-metrics.ts';
import type { DeskDb } from '../storage/database.ts';

/**
 * What the desk's routes are built from: one object made at start (desk/start-desk.ts), so every
 * route asks the same owners (the database, the settings, the outbox) and tests can build it
 * with their own parts.
 */
export interface DeskServices {
  env: DeskEnv;
  brokerage: Brokerage;
  database: DeskDb;
  /** Names of the enabled delivery adapters: one outbox job each per capture. */
  adapters: readonly string[];
  /**
   * Tells the outbox worker that jobs are due now: its `wake` (desk/jobs/job-worker.ts), for
   * the lanes of one kind when given.
   */
  wakeOutbox(kind?: JobKind): void;
  /** The platform's message schemas, compiled in the background at start. */
  messageValidator: () => Promise<MessageValidator>;
  log: Logger;
  /** GET /metrics's counters (docs/desk.md#metrics); a test's services may go without. */
  metrics?: DeskMetrics;
  /** The live inbox's fan-out (desk/inbox/live-hub.ts); absent in a desk built without it. */
  live?: LiveFeed;
  now?: () => Date;
}

/**
 * The live inbox's fan-out as its route subscribes to it: declared here, below the inbox, so the
 * services name it without importing the inbox (desk/inbox/live-hub.ts is the one there is).
 */
export interface LiveFeed {
  subscribe(client: {
    viewer: { email: string; role: string };
    send(ids: readonly string[]): void;
    end(): void;
  }): () => void;
}
