/**
 * `npm run desk [-- <command>]` (docs/desk.md#cli): with no command, starts the desk; otherwise
 * runs one command against the same database and settings, and exits.
 */

import type { DeskCommand } from './cli/command.ts';
import { deliveriesCommand, exportCommand, retryCommand } from './cli/database-commands.ts';
import { extraCommands } from './cli/extra-commands.ts';
import { startCommand } from './cli/start-command.ts';
import { DeskConfigError } from './config/config-error.ts';
import { parseDeskEnv } from './config/desk-env.ts';

const COMMANDS: Readonly<Record<string, DeskCommand>> = {
  start: startCommand,
  export: exportCommand,
  deliveries: deliveriesCommand,
  retry: retryCommand,
  ...extraCommands,
};

function help(): string {
  const rows = Object.entries(COMMANDS).map(([, c]) => `  ${c.usage.padEnd(44)} ${c.summary}`);
  return ['Usage: npm run desk [-- <command>]', '', 'Commands:', ...rows].join('\n');
}

async function readStdin(): Promise<string> {
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
  const code = await command.run({
    env,
    args,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    stdin: readStdin,
  });
  if (commandName !== 'start' || code !== 0) {
    process.exit(code);
  }
} catch (error) {
  process.stderr.write(`${error instanceof DeskConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
