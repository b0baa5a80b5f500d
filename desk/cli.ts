/**
 * `npm run desk [-- <command>]` (docs/desk.md#cli): with no command, starts the desk; otherwise
 * runs one command against the same database and settings, and exits.
 */

import {
  adminSocketPath,
  DeskAlreadyRunningError,
  runInRunningDesk,
} from './admin/admin-socket.ts';
import type { DeskCommand } from './admin/command.ts';
import {
  deliveriesCommand,
  exportCommand,
  migrateCommand,
  retryCommand,
} from './cli/database-commands.ts';
import { extraCommands } from './cli/extra-commands.ts';
import { startCommand } from './cli/start-command.ts';
import { DeskConfigError } from './config/config-error.ts';
import { parseDeskEnv } from './config/desk-env.ts';
import { PortInUseError } from './http/listen.ts';
import { EmbeddedDatabaseError } from './storage/database.ts';

const COMMANDS: Readonly<Record<string, DeskCommand>> = {
  start: startCommand,
  export: exportCommand,
  deliveries: deliveriesCommand,
  retry: retryCommand,
  migrate: migrateCommand,
  ...extraCommands,
};

function help(): string {
  const rows = Object.entries(COMMANDS).map(([, c]) => `  ${c.usage.padEnd(44)} ${c.summary}`);
  return ['Usage: npm run desk [-- <command>]', '', 'Commands:', ...rows].join('\n');
}

let stdinText: Promise<string> | null = null;

/** Standard input as text, read once (a command may be handed to a running desk first). */
function readStdin(): Promise<string> {
  stdinText ??= readAllStdin();
  return stdinText;
}

async function readAllStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    return '';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const [commandName = 'start', ...args] = process.argv.slice(2);
if (commandName === '--help' || commandName === 'help') {
  process.stdout.write(`${help()}\n`);
  process.exit(0);
}
const command = COMMANDS[commandName];
if (!command) {
  process.stderr.write(`Unknown command "${commandName}".\n${help()}\n`);
  process.exit(2);
}
try {
  const env = parseDeskEnv(process.env);
  const io = {
    env,
    args,
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
    stdin: readStdin,
    commands: COMMANDS,
  };
  // The embedded database takes one process: while a desk runs on it, the command runs inside
  // that desk (desk/admin/admin-socket.ts); otherwise here.
  const inDesk =
    commandName !== 'start' && env.databaseUrl === null
      ? await runInRunningDesk(
          adminSocketPath(env),
          commandName,
          io,
          command.readsStdin ? process.env.DESK_PASSWORD || (await readStdin()) : '',
        )
      : null;
  const code = inDesk ?? (await command.run(io));
  if (commandName !== 'start' || code !== 0) {
    process.exit(code);
  }
} catch (error) {
  process.stderr.write(
    `${
      error instanceof DeskConfigError ||
      error instanceof DeskAlreadyRunningError ||
      error instanceof EmbeddedDatabaseError ||
      error instanceof PortInUseError
        ? error.message
        : String(error)
    }\n`,
  );
  process.exit(1);
}
