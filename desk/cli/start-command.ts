import { startDesk } from '../start-desk.ts';
import type { DeskCommand } from './command.ts';

/** `start` (the default): runs the desk until SIGINT or SIGTERM, then stops cleanly. */
export const startCommand: DeskCommand = {
  summary: 'start the desk (the default)',
  usage: 'start',
  async run(io) {
    const desk = await startDesk(io.env, { ...(io.commands && { commands: io.commands }) });
    io.out(`Desk listening on ${desk.url} (database: ${desk.services.database.kind})`);
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
