import { unlink } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import type { DeskEnv } from '../config/desk-env.ts';
import type { DeskDb } from '../storage/database.ts';
import type { CommandIo, DeskCommand } from './command.ts';

// The embedded database (PGlite) belongs to one process: a second process opening the same
// folder would read a stale copy or corrupt it (docs/desk.md#cli). A running desk therefore
// listens on a Unix socket in its data folder; `npm run desk -- export` and the other commands
// are run inside it through the socket, and a second desk on the same folder refuses to start.
// The socket is a file with the data folder's permissions: only the same user reaches it.

/** The admin socket's path for a data folder. */
export function adminSocketPath(env: Pick<DeskEnv, 'dataDir'>): string {
  return join(env.dataDir, 'desk.sock');
}

/** One line a command wrote, or its exit code (the last frame). */
type Frame = { out: string } | { err: string } | { code: number };

/** Thrown when another desk already serves the data folder. */
export class DeskAlreadyRunningError extends Error {
  readonly code = 'desk-already-running';
  constructor(dataDir: string) {
    super(
      `Another desk is already running on ${dataDir} (its embedded database takes one process). ` +
        'Stop it first, or give this one its own DESK_DATA_DIR, or use DATABASE_URL for several processes.',
    );
    this.name = 'DeskAlreadyRunningError';
  }
}

/**
 * Runs `name` in the desk listening on `socketPath`, printing its lines through `io`. Resolves
 * its exit code, or `null` when no desk is listening there.
 */
export function runInRunningDesk(
  socketPath: string,
  name: string,
  io: Pick<CommandIo, 'args' | 'out' | 'err'>,
  stdin = '',
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/command', method: 'POST' }, (res) => {
      let buffered = '';
      let code = 1;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffered += chunk;
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          const frame = JSON.parse(buffered.slice(0, newline)) as Frame;
          buffered = buffered.slice(newline + 1);
          if ('out' in frame) {
            io.out(frame.out);
          } else if ('err' in frame) {
            io.err(frame.err);
          } else {
            code = frame.code;
          }
          newline = buffered.indexOf('\n');
        }
      });
      res.on('end', () => resolve(code));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') {
        resolve(null);
      } else {
        reject(error);
      }
    });
    req.end(JSON.stringify({ name, args: io.args, stdin }));
  });
}

/** What the admin socket runs commands with. */
export interface AdminSocketOptions {
  socketPath: string;
  env: DeskEnv;
  database: DeskDb;
  commands: Readonly<Record<string, DeskCommand>>;
  /** After a command that changed deliveries, so the worker looks at once. */
  afterCommand: () => void;
}

async function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Listens on the admin socket. A live desk already there is {@link DeskAlreadyRunningError}; a
 * socket file left by a desk that was killed is removed and taken over.
 */
export async function serveAdminSocket(options: AdminSocketOptions): Promise<Server> {
  const { socketPath } = options;
  const alive = await runInRunningDesk(socketPath, 'ping', { args: [], out() {}, err() {} });
  if (alive !== null) {
    throw new DeskAlreadyRunningError(options.env.dataDir);
  }
  await unlink(socketPath).catch(() => undefined);
  const server = createServer(async (req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const send = (frame: Frame) => res.write(`${JSON.stringify(frame)}\n`);
    try {
      const { name, args, stdin } = JSON.parse(await readBody(req)) as {
        name: string;
        args: string[];
        stdin: string;
      };
      if (name === 'ping') {
        send({ code: 0 });
        return;
      }
      const command = Object.hasOwn(options.commands, name) ? options.commands[name] : undefined;
      if (!command || name === 'start') {
        send({ err: `The running desk has no command "${name}".` });
        send({ code: 2 });
        return;
      }
      const code = await command.run({
        env: options.env,
        args,
        out: (line) => send({ out: line }),
        err: (line) => send({ err: line }),
        stdin: async () => stdin,
        database: options.database,
      });
      options.afterCommand();
      send({ code });
    } catch (error) {
      send({ err: `The command failed in the running desk: ${(error as Error).name}` });
      send({ code: 1 });
    } finally {
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
