import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/desk-harness.ts';
import { type DeskProcess, startDeskProcess } from '../helpers/desk-process.ts';

// Issue 31 #15: a desk that made its embedded folder in its own process idled about 100 MB
// above the same desk reopening that folder (PostgreSQL in WASM keeps what the template load
// and the migrations grew its heap to). Now a child makes the folder, and both idle alike.

// Two desk processes' cold starts (tsx, then PGlite) on a loaded two-core machine.
const SLOW = 240_000;
/** Run to run, an idle desk's resident memory moves by some 20 MB (when V8 collects). */
const SAME_WITHIN_MB = 50;

async function idleResidentMb(desk: DeskProcess): Promise<number> {
  // Settled: start-up's garbage collected, the first poll of every worker done.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const status = await readFile(`/proc/${desk.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

async function stop(desk: DeskProcess): Promise<void> {
  desk.child.kill('SIGTERM');
  await desk.exited;
}

describe('a desk on a new embedded folder', () => {
  let dataDir = '';
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('idles in about the memory it takes on the same folder once made', {
    timeout: SLOW,
  }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'desk-new-folder-'));
    const env = { DESK_DATA_DIR: dataDir, DESK_ALLOWED_ORIGINS: TEST_ORIGIN };
    const first = await startDeskProcess(env);
    const fresh = await idleResidentMb(first);
    await stop(first);
    const again = await startDeskProcess(env);
    const reopened = await idleResidentMb(again);
    await stop(again);
    expect(fresh).toBeLessThan(reopened + SAME_WITHIN_MB);
  });
});
