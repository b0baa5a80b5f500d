import type { DeskEnv } from '../config/desk-env.ts';

/** Where a command reads and writes (injectable, so tests run commands in-process). */
export interface CommandIo {
  env: DeskEnv;
  args: readonly string[];
  out: (line: string) => void;
  err: (line: string) => void;
  /** Standard input as text (add-user's password), when piped. */
  stdin?: () => Promise<string>;
}

/** One `npm run desk -- <name>` command. Resolves the process exit code. */
export interface DeskCommand {
  /** One line for `--help`. */
  summary: string;
  usage: string;
  run(io: CommandIo): Promise<number>;
}
