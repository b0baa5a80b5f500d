import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** A throwaway PostgreSQL cluster on a loopback port, owned by one test file. */
export interface PostgresServer {
  /** `postgres://app@127.0.0.1:PORT/postgres`; the `app` role is a superuser, no password. */
  url: string;
  /** Stops the server (fast shutdown) and deletes its directory; safe to call twice. */
  stop(): Promise<void>;
  /**
   * Stops the server as an operator's `pg_ctl stop -m fast` does, keeping its data: every
   * session is ended at once, a query in flight included.
   */
  halt(): Promise<void>;
  /** Starts the halted server again, on the same port and data. */
  resume(): Promise<void>;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';
const SERVICE_USER = 'postgres';
// pg_ctl's own wait for the server to accept connections, in seconds. A busy two-core machine
// can take far longer than the 60 s default to replay and start; a hung start still ends.
const START_WAIT_SECONDS = 180;
const COMMAND_TIMEOUT_MS = (START_WAIT_SECONDS + 30) * 1000;
const START_ATTEMPTS = 5;

// Settings for a disposable cluster: durability buys nothing in a test and costs seconds under
// load. UTC and the English text search configuration match PGlite's defaults, so the desk's
// queries behave the same on both storages.
const SERVER_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'TimeZone=UTC',
];

async function newestBinDir(): Promise<string> {
  const versions = existsSync(POSTGRES_ROOT) ? await readdir(POSTGRES_ROOT) : [];
  const installed = versions
    .filter((v) => /^\d+$/.test(v) && existsSync(join(POSTGRES_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const newest = installed[0];
  if (newest === undefined) {
    throw new Error(
      `PostgreSQL is not installed (no ${POSTGRES_ROOT}/*/bin/initdb). ` +
        'Run `bash scripts/ensure-postgres.sh` to install it.',
    );
  }
  return join(POSTGRES_ROOT, newest, 'bin');
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

// initdb and pg_ctl refuse to run as root, so as root every command runs as the package's
// unprivileged service user.
async function runTool(binary: string, args: readonly string[], cwd: string): Promise<string> {
  const [file, argv] = isRoot()
    ? ['runuser', ['-u', SERVICE_USER, '--', binary, ...args]]
    : [binary, [...args]];
  // The cwd is the cluster's own directory: the service user may not be able to enter ours.
  const { stdout } = await run(file, argv, { cwd, timeout: COMMAND_TIMEOUT_MS });
  return stdout;
}

async function idOf(flag: '-u' | '-g'): Promise<number> {
  const { stdout } = await run('id', [flag, SERVICE_USER]);
  return Number(stdout.trim());
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const { stderr } = error as Error & { stderr?: string };
    return [error.message, stderr].filter(Boolean).join('\n');
  }
  return String(error);
}

async function readLog(logFile: string): Promise<string> {
  return readFile(logFile, 'utf8').catch(() => '');
}

/**
 * Starts a fresh PostgreSQL cluster from Debian's packaged binaries (the newest installed
 * version) in a temporary directory, listening on a free 127.0.0.1 port with trust auth.
 * Throws when PostgreSQL is not installed, naming `scripts/ensure-postgres.sh`: tests that
 * need a real server must fail loudly rather than skip.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = await newestBinDir();
  const base = await mkdtemp(join(tmpdir(), 'desk-postgres-'));
  const dataDir = join(base, 'data');
  const logFile = join(base, 'server.log');
  const pgCtl = join(bin, 'pg_ctl');
  try {
    if (isRoot()) {
      await chown(base, await idOf('-u'), await idOf('-g'));
    }
    await runTool(
      join(bin, 'initdb'),
      [
        '-D',
        dataDir,
        '-A',
        'trust',
        '-U',
        'app',
        '-E',
        'UTF8',
        '--locale=C',
        '--text-search-config=english',
        '--no-sync',
      ],
      base,
    );
  } catch (error) {
    await rm(base, { recursive: true, force: true });
    throw new Error(`initdb failed in ${base}:\n${describe(error)}`);
  }

  // -l matters: without a log file the server keeps pg_ctl's stdout open and the call would
  // never return. Each start reads only its own log when deciding whether to retry.
  const startOn = async (port: number) => {
    await rm(logFile, { force: true });
    const options = [`-p ${port}`, `-k ${base}`, ...SERVER_SETTINGS.map((s) => `-c ${s}`)];
    const args = ['-D', dataDir, '-l', logFile, '-o', options.join(' '), '-w'];
    await runTool(pgCtl, [...args, '-t', `${START_WAIT_SECONDS}`, 'start'], base);
  };
  const fastStop = () =>
    runTool(
      pgCtl,
      ['-D', dataDir, '-m', 'fast', '-w', '-t', `${START_WAIT_SECONDS}`, 'stop'],
      base,
    );

  let port = 0;
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await startOn(port);
      break;
    } catch (error) {
      const log = await readLog(logFile);
      // Another process may take the probed port before the server binds it.
      if (attempt < START_ATTEMPTS && /address already in use|could not bind/i.test(log)) {
        continue;
      }
      await runTool(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop'], base).catch(() => '');
      await rm(base, { recursive: true, force: true });
      throw new Error(`PostgreSQL did not start on port ${port}:\n${describe(error)}\n${log}`);
    }
  }

  // A test run that dies without calling stop() must not leave a server behind.
  const onExit = () => {
    try {
      const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
      const [file, argv] = isRoot()
        ? ['runuser', ['-u', SERVICE_USER, '--', pgCtl, ...args]]
        : [pgCtl, args];
      execFileSync(file, argv, { cwd: base, stdio: 'ignore', timeout: 30_000 });
    } catch {
      // Already stopped, or nothing left to do at exit.
    }
  };
  process.once('exit', onExit);

  let stopping: Promise<void> | undefined;
  let halted = false;
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', onExit);
        try {
          if (!halted) {
            await fastStop();
          }
        } finally {
          await rm(base, { recursive: true, force: true });
        }
      })();
      return stopping;
    },
    async halt() {
      await fastStop();
      halted = true;
    },
    async resume() {
      try {
        await startOn(port);
      } catch (error) {
        throw new Error(
          `PostgreSQL did not start again on port ${port}:\n${describe(error)}\n${await readLog(logFile)}`,
        );
      }
      halted = false;
    },
  };
}
