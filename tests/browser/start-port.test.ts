import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

// `PORT=… npm start` after the build: scripts/start.ts serves dist/site on the chosen port, and
// a port already taken fails at once with how to choose another.

const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) {
    child.kill();
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') {
    throw new Error('no port');
  }
  return address.port;
}

/** ANSI colour codes: with `CI` set, Vite prints the port in bold, which splits `:port/`. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Starts scripts/start.ts with PORT and resolves with its output once it listens or exits. */
function start(port: number): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), NODE_OPTIONS: '' },
  });
  started.push(child);
  let output = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString().replace(ANSI, '');
      if (output.includes(`:${port}/`)) {
        resolve({ output, code: null });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ output, code }));
  });
}

describe('npm start', () => {
  it('serves the built site on PORT, and says how to pick another when it is taken', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.code).toBeNull();
    const page = await fetch(`http://127.0.0.1:${port}/embed`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Add the voice assistant to your website');

    const second = await start(port);
    expect(second.code).toBe(1);
    expect(second.output).toContain(
      `Port ${port} is already in use. Start on another one: PORT=${port + 1} npm start`,
    );
  });
});
