import type { CommandIo, DeskCommand } from '../admin/command.ts';
import { JobInFlightError, retryJob } from '../jobs/job-queue.ts';
import { embeddedDir, openDatabase } from '../storage/database.ts';
import { deliveriesTable, listDeliveries } from './deliveries-command.ts';
import { exportCaptures } from './export-command.ts';

/** Opens the desk's database the way the server does, runs `work`, closes it. */
export async function withDatabase<T>(
  io: CommandIo,
  work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const { env } = io;
  if (io.database) {
    return work(io.database);
  }
  const database = await openDatabase(
    env.databaseUrl === null
      ? { kind: 'embedded', dataDir: embeddedDir(env) }
      : { kind: 'postgres', url: env.databaseUrl, poolSize: 2 },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * `migrate`: makes the database if it is new and brings its schema up to date, then exits. The
 * desk's start runs it as a child for a new embedded folder (new-folder-child.ts).
 */
export const migrateCommand: DeskCommand = {
  summary: 'make the database if it is new, apply its migrations, and exit',
  usage: 'migrate',
  run: (io) => withDatabase(io, async () => 0),
};

/** `export`: every capture as one JSON line (docs/desk.md#export). */
export const exportCommand: DeskCommand = {
  summary: 'print every capture as one JSON line, newest first',
  usage: 'export',
  run: (io) =>
    withDatabase(io, async ({ db }) => {
      await exportCaptures(db, io.out);
      return 0;
    }),
};

/** `deliveries`: the outbox jobs and their status. */
export const deliveriesCommand: DeskCommand = {
  summary: 'list the delivery jobs with their status, tries and last error',
  usage: 'deliveries [--json]',
  run: (io) =>
    withDatabase(io, async ({ db }) => {
      const rows = await listDeliveries(db);
      if (io.args.includes('--json')) {
        for (const row of rows) {
          io.out(JSON.stringify(row));
        }
      } else {
        io.out(rows.length === 0 ? 'No deliveries yet.' : deliveriesTable(rows));
      }
      return 0;
    }),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `retry ID`: sends one job again. */
export const retryCommand: DeskCommand = {
  summary: 'send one delivery job again now (its id from `deliveries`), unless in flight',
  usage: 'retry ID',
  async run(io) {
    const id = io.args[0];
    if (id === undefined || !UUID.test(id)) {
      io.err('Give the job id from `npm run desk -- deliveries`: npm run desk -- retry ID');
      return 2;
    }
    return withDatabase(io, async ({ db }) => {
      let queued: boolean;
      try {
        queued = await retryJob(db, id);
      } catch (error) {
        if (!(error instanceof JobInFlightError)) {
          throw error;
        }
        io.err(
          `Delivery ${id} is in flight: a desk is trying it now. Retry it once that try ends.`,
        );
        return 1;
      }
      if (!queued) {
        io.err(`No delivery job ${id}.`);
        return 1;
      }
      io.out(`Delivery ${id} is due now; a running desk sends it within a second.`);
      return 0;
    });
  },
};
