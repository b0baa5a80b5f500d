import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, TEST_ORIGIN, viewingBody } from '../helpers/desk-harness.ts';
import { type DeskProcess, startDeskProcess } from '../helpers/desk-process.ts';

// `npm run start` leaves the desk running on its embedded database; the broker then runs
// `npm run desk -- export` in another terminal. PGlite belongs to one process, so the command
// must be answered by the running desk, and a second desk on the same folder must refuse.

const run = promisify(execFile);
let dataDir: string;
let desk: DeskProcess;
const env = () => ({ ...process.env, DESK_DATA_DIR: dataDir, DESK_PORT: '0' });

function cli(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'desk/cli.ts', ...args], {
    env: env(),
    timeout: 120_000,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'desk-cli-'));
  desk = await startDeskProcess({ DESK_DATA_DIR: dataDir, DESK_ALLOWED_ORIGINS: TEST_ORIGIN });
});

afterAll(async () => {
  desk?.child.kill('SIGTERM');
  await desk?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run desk -- <command> while the desk runs on its embedded database', () => {
  it('export prints the capture the running desk just stored', async () => {
    const res = await postJson(`${desk.url}/leads`, viewingBody({ idempotencyKey: 'cli-1' }));
    expect(res.status).toBe(201);
    const { stdout } = await cli('export');
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((r) => r.idempotencyKey)).toEqual(['cli-1']);
    expect(rows[0]?.assignedTo).toEqual({ name: 'Daniel Okafor', email: expect.any(String) });
  });

  it('deliveries lists the running desk’s jobs', async () => {
    const { stdout } = await cli('deliveries', '--json');
    const jobs = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { adapter: string; status: string });
    expect(jobs.map((j) => j.adapter)).toContain('email');
  });

  it('users, reset-password (DESK_PASSWORD) and deactivate-user run inside the running desk', async () => {
    const { stdout } = await cli('users');
    expect(stdout).toMatch(
      /^priya@maple-ridge\.example\s+Priya Sandhu\s+agent\s+no password yet\s+on duty/m,
    );
    const reset = await run(
      process.execPath,
      ['--import', 'tsx', 'desk/cli.ts', 'reset-password', '--email', 'priya@maple-ridge.example'],
      { env: { ...env(), DESK_PASSWORD: 'priya-cli-password-1' }, timeout: 120_000 },
    );
    expect(reset.stdout).toMatch(/Password set for priya@maple-ridge\.example/);
    const signedIn = await fetch(`${desk.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'priya@maple-ridge.example',
        password: 'priya-cli-password-1',
      }),
    });
    expect(signedIn.status).toBe(200);
    const gone = await cli('deactivate-user', '--email', 'priya@maple-ridge.example');
    expect(gone.stdout).toMatch(/Deactivated priya@maple-ridge\.example: 1 session\(s\) ended/);
  });

  it('a second desk on the same folder refuses to start, naming why', async () => {
    const second = await cli('start').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(second?.code).toBe(1);
    expect(second?.stderr).toMatch(/Another desk is already running on/);
    // The first one still answers.
    expect((await fetch(`${desk.url}/health`)).status).toBe(200);
  });
});
