import type { DeskEnv } from '../config/desk-env.ts';
import type { DeskDb } from '../storage/database.ts';

/** Where a command reads and writes (injectable, so tests run commands in-process). */
export interface CommandIo {
  env: DeskEnv;
  args: readonly string[];
  out: (line: string) => void;
  err: (line: string) => void;
  /** Standard input as text (add-user's password), when piped. */
  stdin?: () => Promise<string>;
  /** The running desk's database, when the command runs inside it (desk/admin/admin-socket.ts). */
  database?: DeskDb;
  /** Every command, for `start` to serve through the admin socket. */
  commands?: Readonly<Record<string, DeskCommand>>;
}

/** One `npm run desk -- <name>` command. Resolves the process exit code. */
export interface DeskCommand {
  /** One line for `--help`. */
  summary: string;
  usage: string;
  /**
   * Reads standard input, or `DESK_PASSWORD` in its place: the CLI reads them before handing the
   * command to a running desk, whose own environment is not the caller's.
   */
  readsStdin?: boolean;
  run(io: CommandIo): Promise<number>;
}
