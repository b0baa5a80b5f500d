import type { CommandIo, DeskCommand } from '../admin/command.ts';
import type { DeskEnv } from '../config/desk-env.ts';
import type { PersonQuery } from '../privacy/person-scope.ts';
import { writeAudit } from '../storage/audit-log.ts';
import { withDatabase } from './database-commands.ts';
import { FlagError, parseFlags } from './flags.ts';

const USAGE = 'person export|delete --email E | --phone P [--yes]';

/** The adapters that hear of a deleted person: the signed webhook, when it is set up. */
export function eventAdapters(env: Pick<DeskEnv, 'webhook'>): string[] {
  return env.webhook === null ? [] : ['webhook'];
}

/** The command line's person: `--email`, `--phone` or both; a message when it names nobody. */
function readQuery(args: readonly string[]): { query: PersonQuery; yes: boolean } | string {
  try {
    const flags = parseFlags(args, ['email', 'phone'], ['yes']);
    const query: PersonQuery = {
      ...(flags.email !== undefined && { email: flags.email }),
      ...(flags.phone !== undefined && { phone: flags.phone }),
    };
    if (query.email === undefined && query.phone === undefined) {
      return 'Name the person with --email E or --phone P';
    }
    return { query, yes: flags.yes === 'true' };
  } catch (error) {
    return error instanceof FlagError ? error.message : (error as Error).message;
  }
}

const NOBODY = 'Nobody with that email or phone is stored.';

// The privacy modules load with the command, not with every other command of the CLI.
const privacy = async () => ({
  ...(await import('../privacy/person-scope.ts')),
  ...(await import('../privacy/person-export.ts')),
  ...(await import('../privacy/person-delete.ts')),
});

async function exportRun(io: CommandIo, query: PersonQuery): Promise<number> {
  const { findPersonScope, exportPerson } = await privacy();
  return withDatabase(io, async ({ db }) => {
    const scope = await findPersonScope(db, query);
    if (scope.peopleIds.length === 0) {
      io.err(NOBODY);
      return 1;
    }
    const data = await exportPerson(db, scope);
    await writeAudit(db, {
      actor: null,
      action: 'person-exported',
      detail: { leads: scope.leadIds.length, captures: scope.captureIds.length, via: 'cli' },
    });
    io.out(JSON.stringify(data, null, 2));
    return 0;
  });
}

async function deleteRun(io: CommandIo, query: PersonQuery, yes: boolean): Promise<number> {
  const { findPersonScope, deletePerson } = await privacy();
  return withDatabase(io, async ({ db }) => {
    if (!yes) {
      const scope = await findPersonScope(db, query);
      if (scope.peopleIds.length === 0) {
        io.err(NOBODY);
        return 1;
      }
      io.out(
        `Would delete ${scope.leadIds.length} lead(s) with ${scope.captureIds.length} capture(s) ` +
          `and ${scope.conversationIds.length} conversation(s). Run again with --yes to delete.`,
      );
      return 1;
    }
    const deletion = await deletePerson(db, query, {
      eventAdapters: eventAdapters(io.env),
      via: 'cli',
    });
    if (deletion === null) {
      io.err(NOBODY);
      return 1;
    }
    io.out(
      `Deleted ${deletion.leads} lead(s), ${deletion.captures} capture(s), ` +
        `${deletion.conversations} conversation(s) and ${deletion.notes} note(s); ` +
        `${deletion.deliveriesCancelled} pending deliveries cancelled` +
        (deletion.eventsQueued > 0 ? '; person.deleted is queued for the webhook.' : '.'),
    );
    return 0;
  });
}

/** `person export|delete`: a person's privacy requests (docs/desk.md#privacy). */
export const personCommand: DeskCommand = {
  summary: 'print everything stored about a person as JSON, or erase it (with --yes)',
  usage: USAGE,
  async run(io) {
    const [action, ...rest] = io.args;
    const read = readQuery(rest);
    if ((action !== 'export' && action !== 'delete') || typeof read === 'string') {
      io.err(`${typeof read === 'string' ? `${read}. ` : ''}Usage: npm run desk -- ${USAGE}`);
      return 2;
    }
    try {
      return await (action === 'export'
        ? exportRun(io, read.query)
        : deleteRun(io, read.query, read.yes));
    } catch (error) {
      // An email or phone with nothing to match on (blank, no digits): PersonQueryError.
      if ((error as { code?: unknown }).code === 'bad-person-query') {
        io.err(`${(error as Error).message}. Usage: npm run desk -- ${USAGE}`);
        return 2;
      }
      throw error;
    }
  },
};
