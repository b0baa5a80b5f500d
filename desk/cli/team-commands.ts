import type { CommandIo, DeskCommand } from '../admin/command.ts';
import { PasswordRuleError, setPassword } from '../auth/user-tokens.ts';
import { loadBrokerage } from '../config/brokerage.ts';
import { auditTeam, deactivateMember, TeamError } from '../inbox/team-changes.ts';
import { leadsToReassign } from '../inbox/team-reassign.ts';
import { listTeam, pausedOn, type TeamDb, type TeamMember } from '../routing/team.ts';
import { inZone } from '../time/brokerage-time.ts';
import { readPassword } from './add-user-command.ts';
import { withDatabase } from './database-commands.ts';
import { type FlagError, parseFlags } from './flags.ts';

/** The `--email` of a command that takes only it, or null after printing why not (exit 2). */
function emailFlag(io: CommandIo, usage: string): string | null {
  try {
    const { email } = parseFlags(io.args, ['email']);
    if (email) {
      return email.trim().toLowerCase();
    }
    io.err(`Give --email. Usage: npm run desk -- ${usage}`);
  } catch (error) {
    io.err(`${(error as FlagError).message}. Usage: npm run desk -- ${usage}`);
  }
  return null;
}

/** The user with this email, or null after printing that there is none. */
async function userByEmail(io: CommandIo, db: TeamDb, email: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'active'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) {
    io.err(`No user has the email ${email}.`);
  }
  return user ?? null;
}

/** A member's state in one word or phrase, as `users` prints it. */
function stateOf(member: TeamMember, today: string): string {
  if (!member.active) {
    return 'deactivated';
  }
  if (pausedOn(member, today)) {
    return `paused to ${member.pausedTo}`;
  }
  return member.hasPassword ? 'active' : 'no password yet';
}

/** `users`: the team, one line each (docs/desk.md#cli). */
export const usersCommand: DeskCommand = {
  summary: 'list the inbox users: role, state, on duty, phone',
  usage: 'users',
  async run(io) {
    if (io.args.length > 0) {
      io.err('users takes no arguments. Usage: npm run desk -- users');
      return 2;
    }
    return withDatabase(io, async ({ db }) => {
      const [members, reassign] = await Promise.all([listTeam(db), leadsToReassign(db)]);
      // "Paused" is by the brokerage's calendar; without a readable config, by UTC's.
      const zone = await loadBrokerage(io.env.configFile).then(
        (b) => b.officeHours.timeZone,
        () => 'UTC',
      );
      const today = inZone(new Date(), zone).toISODate() ?? '';
      if (members.length === 0) {
        io.out('No users yet: add one with npm run desk -- add-user.');
        return 0;
      }
      const rows = members.map((m) => [
        m.email,
        m.name,
        m.role,
        stateOf(m, today),
        m.onDuty ? 'on duty' : '',
        m.phone === null ? 'email only' : 'sms+email',
        reassign.get(m.email) ? `${reassign.get(m.email)} leads to reassign` : '',
      ]);
      const header = ['EMAIL', 'NAME', 'ROLE', 'STATE', 'DUTY', 'ALERTS', ''];
      const widths = header.map((h, i) =>
        Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)),
      );
      for (const row of [header, ...rows]) {
        io.out(
          row
            .map((cell, i) => cell.padEnd(widths[i] ?? 0))
            .join('  ')
            .trimEnd(),
        );
      }
      return 0;
    });
  },
};

const RESET_USAGE = 'reset-password --email E';

/** `reset-password`: sets a user's password from stdin or DESK_PASSWORD; signs them out. */
export const resetPasswordCommand: DeskCommand = {
  summary: "set a user's password (stdin or DESK_PASSWORD); ends their sessions",
  usage: RESET_USAGE,
  readsStdin: true,
  async run(io) {
    const email = emailFlag(io, RESET_USAGE);
    if (email === null) {
      return 2;
    }
    const password = await readPassword(io.stdin);
    if (password === '') {
      io.err(
        'No password: pipe it on standard input (printf %s "$PW" | npm run desk -- reset-password …) or set DESK_PASSWORD.',
      );
      return 2;
    }
    return withDatabase(io, async ({ db }) => {
      const user = await userByEmail(io, db, email);
      if (!user) {
        return 1;
      }
      try {
        await setPassword(db, user.id, password);
      } catch (error) {
        if (error instanceof PasswordRuleError) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
      await auditTeam(db, null, 'password-reset', { userId: user.id }, new Date());
      io.out(
        `Password set for ${email}; their sessions are ended.${user.active ? '' : ' They are deactivated: sign-in stays refused.'}`,
      );
      return 0;
    });
  },
};

const DEACTIVATE_USAGE = 'deactivate-user --email E';

/** `deactivate-user`: refuses the user's sign-in and ends every session of theirs. */
export const deactivateUserCommand: DeskCommand = {
  summary: 'deactivate a user: sign-in refused, every session ended, leads kept',
  usage: DEACTIVATE_USAGE,
  async run(io) {
    const email = emailFlag(io, DEACTIVATE_USAGE);
    if (email === null) {
      return 2;
    }
    return withDatabase(io, async ({ db }) => {
      const user = await userByEmail(io, db, email);
      if (!user) {
        return 1;
      }
      try {
        const { sessionsEnded } = await deactivateMember(db, null, user.id, new Date());
        const open = (await leadsToReassign(db)).get(email) ?? 0;
        io.out(
          `Deactivated ${email}: ${sessionsEnded} session(s) ended, ${open} open lead(s) to reassign.`,
        );
        return 0;
      } catch (error) {
        if (error instanceof TeamError) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
    });
  },
};
