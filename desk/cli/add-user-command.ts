import type { DeskCommand } from '../admin/command.ts';
import type { Role } from '../auth/role.ts';
import { createUser, UserError } from '../auth/users.ts';
import { withDatabase } from './database-commands.ts';
import { type FlagError, parseFlags } from './flags.ts';

const USAGE = 'add-user --email E --name N --role broker|agent';

/** The password from `DESK_PASSWORD`, else standard input without its final line break. */
export async function readPassword(stdin: (() => Promise<string>) | undefined): Promise<string> {
  const fromEnv = process.env.DESK_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') {
    return fromEnv;
  }
  const text = (await stdin?.()) ?? '';
  return text.replace(/\r?\n$/, '');
}

/**
 * `add-user`: adds an inbox user (docs/inbox.md#accounts). The password comes from
 * `DESK_PASSWORD` or standard input, and is never printed or logged.
 */
export const addUserCommand: DeskCommand = {
  summary: 'add an inbox user; the password from stdin or DESK_PASSWORD',
  usage: USAGE,
  readsStdin: true,
  async run(io) {
    let flags: Record<string, string>;
    try {
      flags = parseFlags(io.args, ['email', 'name', 'role']);
    } catch (error) {
      io.err(`${(error as FlagError).message}. Usage: npm run desk -- ${USAGE}`);
      return 2;
    }
    const { email, name, role } = flags;
    if (!email || !name || !role) {
      io.err(`Give --email, --name and --role. Usage: npm run desk -- ${USAGE}`);
      return 2;
    }
    const password = await readPassword(io.stdin);
    if (password === '') {
      io.err(
        'No password: pipe it on standard input (printf %s "$PW" | npm run desk -- add-user …) or set DESK_PASSWORD.',
      );
      return 2;
    }
    return withDatabase(io, async ({ db }) => {
      try {
        await createUser(db, { email, name, role: role as Role, password });
      } catch (error) {
        if (error instanceof UserError) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
      io.out(`Added ${role} ${email.trim().toLowerCase()}.`);
      return 0;
    });
  },
};
