import type { CommandIo, DeskCommand } from '../admin/command.ts';
import type { RunningDesk } from '../start-desk.ts';
import { makeNewFolderInChild } from './new-folder-child.ts';
import { settleAfterStart } from './start-heap.ts';

/**
 * `--demo`: the demo's inbox accounts, each new one's one-time password printed here once (on
 * the console, never in the log); accounts that exist are left alone and named.
 */
async function demoAccounts(io: CommandIo, desk: RunningDesk): Promise<void> {
  const { ensureDemoUsers } = await import('../auth/users.ts');
  const { created, existing } = await ensureDemoUsers(
    desk.services.database.db,
    desk.services.brokerage,
  );
  if (created.length > 0) {
    io.out('Inbox demo accounts (passwords shown once; keep them now):');
    for (const a of created) {
      io.out(`  ${a.role.padEnd(6)} ${a.email.padEnd(32)} ${a.password}`);
    }
  }
  for (const email of existing) {
    io.out(`  Inbox account ${email} exists already; its password is unchanged.`);
  }
  io.out(`Sign in at ${desk.url}/inbox`);
}

/** `start` (the default): runs the desk until SIGINT or SIGTERM, then stops cleanly. */
export const startCommand: DeskCommand = {
  summary: "start the desk (the default); --demo adds the inbox's demo accounts",
  usage: 'start [--demo]',
  async run(io) {
    const unknown = io.args.filter((a) => a !== '--demo');
    if (unknown.length > 0) {
      io.err(`Unknown argument "${unknown[0]}". Usage: npm run desk -- start [--demo]`);
      return 2;
    }
    // A desk process only (not a test's desk in its runner's process): see new-folder-child.ts.
    await makeNewFolderInChild(io.env);
    // Loaded here, not at the top: the CLI's other commands never load the server.
    const { startDesk } = await import('../start-desk.ts');
    const desk = await startDesk(io.env, { ...(io.commands && { commands: io.commands }) });
    io.out(`Desk listening on ${desk.url} (database: ${desk.services.database.kind})`);
    settleAfterStart();
    if (io.args.includes('--demo')) {
      await demoAccounts(io, desk);
    }
    // `on`, not `once`: Ctrl-C under `npm run desk` arrives twice (from the terminal and from
    // npm), and the second must not cut the clean stop short; DESK_SHUTDOWN_MS bounds it.
    let stopping = false;
    const stop = () => {
      if (stopping) {
        return;
      }
      stopping = true;
      desk.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          io.err(`The desk did not stop cleanly: ${String(error)}`);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return 0;
  },
};
