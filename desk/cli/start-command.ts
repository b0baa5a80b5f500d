import type { CommandIo, DeskCommand } from '../admin/command.ts';
import { ensureDemoUsers } from '../auth/users.ts';
import { startDesk } from '../start-desk.ts';

/**
 * `--demo`: the demo's inbox accounts, each new one's one-time password printed here once (on
 * the console, never in the log); accounts that exist are left alone and named.
 */
async function demoAccounts(
  io: CommandIo,
  desk: Awaited<ReturnType<typeof startDesk>>,
): Promise<void> {
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
    const desk = await startDesk(io.env, { ...(io.commands && { commands: io.commands }) });
    io.out(`Desk listening on ${desk.url} (database: ${desk.services.database.kind})`);
    if (io.args.includes('--demo')) {
      await demoAccounts(io, desk);
    }
    let stopping = false;
    const stop = () => {
      if (stopping) {
        return;
      }
      stopping = true;
      desk.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return 0;
  },
};
