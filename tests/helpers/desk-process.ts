import { type ChildProcess, spawn } from 'node:child_process';

/** A desk running as its own process (`npm run desk`), for kill-and-restart tests. */
export interface DeskProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote, for the failure message. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

/** How the desk is started: `desk/cli.ts` through tsx (tests), or as `npm run desk` starts it. */
const ENTRIES = {
  source: ['--import', 'tsx', 'desk/cli.ts'],
  // The compiled desk (dist/desk) when its build is current, as in production.
  launcher: ['desk/launch.mjs'],
} as const;

/**
 * Starts the desk under Node (by default `desk/cli.ts` with tsx), with the given environment on
 * top of this one, and resolves once it prints its address.
 */
export function startDeskProcess(
  env: Record<string, string>,
  entry: keyof typeof ENTRIES = 'source',
): Promise<DeskProcess> {
  const child = spawn(process.execPath, [...ENTRIES[entry]], {
    env: { ...process.env, DESK_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /Desk listening on (http:\/\/[^\s]+)/.exec(text);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => {
          text += more.toString('utf8');
        });
        resolve({ url: match[1], child, output: () => text, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    exited.then((code) =>
      reject(new Error(`the desk exited (${code}) before listening:\n${text}`)),
    );
  });
}
