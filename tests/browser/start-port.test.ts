import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';

// `PORT=… npm start` after the build: scripts/start.ts serves dist/site on the chosen port with
// the desk beside it on DESK_PORT, and a port already taken, or a desk that cannot start, fails
// at once with the reason.

const started: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'start-desk-'));

afterEach(async () => {
  await Promise.all(
    started.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            resolve(null);
            return;
          }
          child.once('exit', resolve);
          child.kill();
        }),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

/** ANSI colour codes: with `CI` set, Vite prints the port in bold, which splits `:port/`. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Starts scripts/start.ts with PORT and resolves with its output once it listens or exits. */
function start(
  port: number,
  deskPort: number | string,
): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DESK_PORT: String(deskPort),
      DESK_DATA_DIR: dataDir,
      NODE_OPTIONS: '',
    },
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
  it('serves the built site on PORT with the desk beside it, and says how to pick another port when it is taken', async () => {
    const port = await freePort();
    const deskPort = await freePort();
    const first = await start(port, deskPort);
    expect(first.code).toBeNull();
    const page = await fetch(`http://127.0.0.1:${port}/embed`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Add the voice assistant to your website');
    // The desk answers, and lets the site's origin post leads (its CORS preflight).
    const health = await fetch(`http://127.0.0.1:${deskPort}/health`);
    expect(await health.json()).toEqual({
      ok: true,
      database: 'embedded',
      tzdata: expect.stringMatching(/^20\d\d[a-z]$/),
    });
    const preflight = await fetch(`http://127.0.0.1:${deskPort}/leads`, {
      method: 'OPTIONS',
      headers: {
        origin: `http://127.0.0.1:${port}`,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(`http://127.0.0.1:${port}`);

    const second = await start(port, deskPort);
    expect(second.code).toBe(1);
    expect(second.output).toContain(
      `Port ${port} is already in use. Start on another one: PORT=${port + 1} npm start`,
    );
  });

  it('stops with the desk’s own message when the desk cannot start', async () => {
    const { output, code } = await start(await freePort(), 'not-a-port');
    expect(code).toBe(1);
    expect(output).toContain('DESK_PORT');
    expect(output).toContain('The desk stopped (exit code 1); stopping npm start.');
  });
});
