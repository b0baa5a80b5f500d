import type { Server } from 'node:http';
import type { ServerType } from '@hono/node-server';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  adminSocketPath,
  DeskAlreadyRunningError,
  runInRunningDesk,
  serveAdminSocket,
} from './admin/admin-socket.ts';
import type { DeskCommand } from './admin/command.ts';
import { linkEmailLane } from './auth/link-email.ts';
import { seedTeam } from './auth/team-seed.ts';
import { loadBrokerage } from './config/brokerage.ts';
import type { DeskEnv } from './config/desk-env.ts';
import type { DeliveryAdapter } from './delivery/adapter.ts';
import { createAdapters } from './delivery/adapters/create-adapters.ts';
import { checkDeliveryLease, OutboxWorker } from './delivery/outbox-worker.ts';
import { createDeskApp, type RouteMount } from './http/app.ts';
import { listen } from './http/listen.ts';
import { inboxApi } from './inbox/api-routes.ts';
import { mountInboxPages } from './inbox/inbox-pages.ts';
import { LiveHub } from './inbox/live-hub.ts';
import { loadMessageValidator, type MessageValidator } from './ingest/platform-schema.ts';
import { JobWorker } from './jobs/job-worker.ts';
import { agentPhoneOf } from './leads/agent-phone.ts';
import { recordAlert } from './leads/alert-timeline.ts';
import { escalationLane } from './leads/escalation.ts';
import { ensureNumbersRollup } from './leads/numbers-rebuild.ts';
import { createDeskMetrics } from './metrics/desk-metrics.ts';
import { startRetentionSchedule } from './privacy/retention-schedule.ts';
import { startWeeklyReportSchedule } from './reports/weekly-schedule.ts';
import { warmViewingTimeReader } from './routing/viewing-time.ts';
import { embeddedDir, openDatabase } from './storage/database.ts';
import { startEmbeddedUpkeep } from './storage/embedded-upkeep.ts';
import type { DeskDatabase } from './storage/schema.ts';
import { tzdataMismatch, tzdataVersions } from './time/tzdata-version.ts';
import { deskLogger, flushDeskLog } from './web/desk-log.ts';
import type { DeskServices } from './web/services.ts';

/** A running desk: its address, and how to stop it. */
export interface RunningDesk {
  url: string;
  services: DeskServices;
  worker: OutboxWorker;
  /**
   * Stops taking requests, lets the requests and jobs in hand finish for up to `graceMs`
   * (`DESK_SHUTDOWN_MS`), gives back the leases of jobs still in hand, closes the database.
   */
  stop(graceMs?: number): Promise<void>;
}

/** What a start may replace (tests): the adapters, the log, the clock, the route mounts. */
export interface StartOptions {
  adapters?: readonly DeliveryAdapter[];
  log?: Logger;
  mounts?: readonly RouteMount[];
  leaseMs?: number;
  pollMs?: number;
  now?: () => Date;
  /** Run the outbox worker in this process (default true). */
  deliver?: boolean;
  /** The CLI's commands, run inside this desk through its admin socket (embedded database). */
  commands?: Readonly<Record<string, DeskCommand>>;
  /** Send the inbox's weekly report on Mondays from this process (default true). */
  weeklyReport?: boolean;
  /** Sweep expired data daily from this process (default true; docs/desk.md#retention). */
  retention?: boolean;
}

/** What the desk mounts beside ingest: the inbox's pages and its `/api/`. */
const defaultMounts: readonly RouteMount[] = [
  (app, services) => {
    app.route('/', inboxApi(services));
  },
  (app) => mountInboxPages(app),
];

/** Whether `work` settles within `ms` (it goes on either way). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts the desk (docs/desk.md): reads the brokerage config, opens and migrates the database,
 * starts the outbox worker and the HTTP server. A bad config or an unreachable database fails
 * here, before the port is taken.
 */
export async function startDesk(env: DeskEnv, options: StartOptions = {}): Promise<RunningDesk> {
  const log = options.log ?? deskLogger(env.logLevel);
  const brokerage = await loadBrokerage(env.configFile);
  const embedded = env.databaseUrl === null;
  const socketPath = adminSocketPath(env);
  // Checked before the embedded database is opened: a second process on it would corrupt it.
  if (
    embedded &&
    (await runInRunningDesk(socketPath, 'ping', { args: [], out() {}, err() {} })) !== null
  ) {
    throw new DeskAlreadyRunningError(env.dataDir);
  }
  const context = {
    brokerageName: brokerage.brokerageName,
    timeZone: brokerage.officeHours.timeZone,
    publicUrl: env.publicUrl,
  };
  // The team's phones are read from the database once it is open (agent-phone.ts).
  let teamDb: Kysely<DeskDatabase> | null = null;
  const adapters =
    options.adapters ??
    createAdapters(
      env,
      context,
      (msg) => log.info({ msg }),
      agentPhoneOf(brokerage.agents, () => teamDb),
    );
  const leaseMs = options.leaseMs ?? env.deliveryLeaseMs;
  // A lease an adapter's request could outlive is refused before the database is opened.
  checkDeliveryLease(leaseMs, adapters);
  const database = await openDatabase(
    env.databaseUrl === null
      ? { kind: 'embedded', dataDir: embeddedDir(env) }
      : { kind: 'postgres', url: env.databaseUrl },
  );
  teamDb = database.db;
  // After migrations 0010 and 0015, a move to another zone or a new `claimMinutes`: the numbers
  // count in the zone's days, claims within the setting.
  try {
    await ensureNumbersRollup(
      database.db,
      brokerage.officeHours.timeZone,
      brokerage.claim.claimMinutes,
    );
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  // The team lives in the database; the config's agents seed it on the first start only.
  await seedTeam(database.db, brokerage).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const metrics = createDeskMetrics(database);
  // PGlite runs no autovacuum: its tables are analyzed as they grow (issue 31 #13).
  const upkeep = database.kind === 'embedded' ? startEmbeddedUpkeep(database.db) : null;
  const worker = new OutboxWorker({
    db: database.db,
    adapters,
    leaseMs,
    retry: { baseMs: env.retryBaseMs, maxMs: env.retryMaxMs },
    ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
    ...(options.now && { now: options.now }),
    onAttempt: (event) => {
      metrics.attempt(event);
      log.info({ msg: 'delivery', ...event });
    },
    onAlert: recordAlert,
    lanes: [linkEmailLane({ db: database.db, env, brokerage, now: options.now })],
  });
  // Compiled in the background: /health answers at once, the first webhook waits for it.
  let validator: Promise<MessageValidator> | null = null;
  const messageValidator = () => {
    validator ??= loadMessageValidator();
    return validator;
  };
  if (env.platformSecret !== null) {
    setTimeout(() => messageValidator().catch(() => undefined), 50).unref();
  }
  // The live inbox hears lead changes from every desk on the database (issue 27 §1).
  const live = new LiveHub(database.db);
  await live.start(database.listen).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const services: DeskServices = {
    env,
    brokerage,
    database,
    live,
    adapters: adapters.map((a) => a.name),
    wakeOutbox: worker.wake,
    messageValidator,
    log,
    metrics,
    ...(options.now && { now: options.now }),
  };
  // Claim timers (issue 27 §2): their own worker, so an outbox busy with a slow CRM never
  // delays an escalation.
  const timers = new JobWorker({
    db: database.db,
    lanes: [escalationLane({ ...services, db: database.db })],
    ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
    ...(options.now && { now: options.now }),
    onAttempt: (event) => log.info({ msg: 'escalation', ...event }),
  });
  const app = createDeskApp(services, options.mounts ?? defaultMounts);
  const server = await listen(app.fetch, env.port, env.host).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // What the second lead would otherwise pay for, done once the desk listens. It holds the
  // event loop about 0.1 s, once: a request that comes meanwhile (often the first /health)
  // waits for it, as it would have waited for a capture doing the same.
  setImmediate(warmViewingTimeReader);
  const admin = embedded
    ? await serveAdminSocket({
        socketPath,
        env,
        database,
        commands: options.commands ?? {},
        afterCommand: worker.wake,
      }).catch(async (error: unknown) => {
        server.close();
        await database.close();
        throw error;
      })
    : null;
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : env.port;
  if (options.deliver !== false) {
    worker.start();
    timers.start();
  }
  const reports =
    options.weeklyReport === false
      ? null
      : startWeeklyReportSchedule(
          {
            db: database.db,
            env,
            brokerageName: context.brokerageName,
            timeZone: context.timeZone,
            claimMinutes: brokerage.claim.claimMinutes,
          },
          () => options.now?.() ?? new Date(),
          (error) => log.error({ msg: 'weekly report failed', error: (error as Error).name }),
        );
  const retention =
    options.retention === false
      ? null
      : startRetentionSchedule(
          { db: database.db, retention: brokerage.retention, timeZone: context.timeZone },
          () => options.now?.() ?? new Date(),
          (counts) => log.info({ msg: 'retention sweep', ...counts }),
          (error) => log.error({ msg: 'retention sweep failed', error: (error as Error).name }),
        );
  const zones = tzdataVersions();
  log.info({
    msg: 'desk started',
    url: `http://${env.host}:${port}`,
    database: database.kind,
    tzdata: zones.tzdata,
  });
  const mismatch = tzdataMismatch(zones);
  if (mismatch !== null) {
    log.warn({ msg: mismatch, tzdata: zones.tzdata, runtimeTzdata: zones.runtime });
  }
  return {
    url: `http://${env.host}:${port}`,
    services,
    worker,
    async stop(graceMs = env.shutdownMs) {
      const http = server as ServerType &
        Partial<Pick<Server, 'closeIdleConnections' | 'closeAllConnections'>>;
      // Open live inboxes would hold close() for the whole grace: they end first, and reconnect
      // to another desk.
      await live.close().catch(() => undefined);
      const drained = Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        admin && new Promise<void>((resolve) => admin.close(() => resolve())),
        reports?.stop(),
        retention?.stop(),
        worker.stop(),
        timers.stop(),
        upkeep?.stop(),
      ]);
      // Idle keep-alive sockets would hold close() open for their timeout.
      http.closeIdleConnections?.();
      if (!(await settlesWithin(drained, graceMs))) {
        log.warn({ msg: 'stop: requests or deliveries still in hand', graceMs });
        http.closeAllConnections?.();
        await worker.releaseLeases().catch(() => undefined);
        await timers.releaseLeases().catch(() => undefined);
      }
      await Promise.all(adapters.map((a) => a.close?.()));
      await database.close();
      flushDeskLog(log);
    },
  };
}
