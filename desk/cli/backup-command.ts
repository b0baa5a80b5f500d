import { readFile, rename, writeFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { CommandIo, DeskCommand } from '../admin/command.ts';
import { DatabaseExistsError, embeddedDir, restoreEmbedded } from '../storage/database.ts';
import { withDatabase } from './database-commands.ts';

const PG_DUMP =
  'With DATABASE_URL, back up and restore with pg_dump and pg_restore (docs/deploy.md#backups).';

// The embedded database's FILE argument, or null after saying what is wrong. The running desk
// writes the file from its own working folder: only an absolute path means the same file to the
// caller and to the desk.
function fileArgument(io: CommandIo, usage: string, toServer = false): string | null {
  if (io.env.databaseUrl !== null && !toServer) {
    io.err(PG_DUMP);
    return null;
  }
  const [file, ...rest] = io.args;
  if (file === undefined || rest.length > 0 || !isAbsolute(file)) {
    io.err(`Usage: npm run desk -- ${usage} (FILE an absolute path)`);
    return null;
  }
  return file;
}

/** `backup FILE`: a consistent copy of the embedded database, while the desk runs or not. */
export const backupCommand: DeskCommand = {
  summary: 'copy the embedded database to FILE (a .tar.gz), while the desk runs',
  usage: 'backup FILE',
  async run(io) {
    const file = fileArgument(io, 'backup FILE');
    if (file === null) {
      return 2;
    }
    const archive = await withDatabase(io, async (database) => database.snapshot?.());
    if (archive === undefined) {
      io.err(PG_DUMP);
      return 2;
    }
    // Written aside and renamed, so FILE is never a half-written copy; readable by its owner
    // only, since it holds every lead.
    const partial = `${file}.partial`;
    await writeFile(partial, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
    await rename(partial, file);
    io.out(`Backed up the embedded database to ${file} (${archive.size} bytes).`);
    return 0;
  },
};

/**
 * `restore FILE`: makes the embedded database from a backup, with the desk stopped; with
 * `DATABASE_URL`, moves the backup into that empty PostgreSQL database instead.
 */
export const restoreCommand: DeskCommand = {
  summary:
    'make the embedded database from a backup FILE (the desk stopped, the folder empty), or move it into an empty DATABASE_URL',
  usage: 'restore FILE',
  async run(io) {
    const file = fileArgument(io, 'restore FILE', true);
    if (file === null) {
      return 2;
    }
    if (io.env.databaseUrl !== null) {
      const { moveBackupToServer, ServerNotEmptyError } = await import(
        '../storage/move-to-server.ts'
      );
      try {
        const copied = await moveBackupToServer(
          new Blob([await readFile(file)]),
          io.env.databaseUrl,
        );
        const rows = Object.values(copied).reduce((sum, n) => sum + n, 0);
        io.out(
          `Moved ${file} into DATABASE_URL: ${rows} rows in ${Object.keys(copied).length} tables.`,
        );
        return 0;
      } catch (error) {
        if (error instanceof ServerNotEmptyError) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
    }
    if (io.database) {
      io.err('The desk is running on this database: stop it, then restore.');
      return 1;
    }
    const dataDir = embeddedDir(io.env);
    try {
      await restoreEmbedded(dataDir, new Blob([await readFile(file)]));
    } catch (error) {
      if (error instanceof DatabaseExistsError) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
    io.out(`Restored ${file} into ${dataDir}.`);
    return 0;
  },
};
