import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { leadBody, postJson, TEST_ORIGIN } from '../helpers/desk-harness.ts';
import { type DeskProcess, startDeskProcess } from '../helpers/desk-process.ts';

// The desk's log lines are written in batches (desk/web/desk-log.ts): an operator following the
// log still sees each request within moments, and a desk that stops writes every line it held.

const SLOW = 120_000;

/** The request lines for `POST /leads` the process has written so far. */
function leadRequestLines(desk: DeskProcess): number {
  return desk
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"') && line.includes('"path":"/leads"')).length;
}

describe("the desk's log on standard output", () => {
  let dataDir = '';
  let desk: DeskProcess | null = null;
  afterAll(async () => {
    desk?.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows a request while the desk runs, and every request once it stops', {
    timeout: SLOW,
  }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'desk-log-'));
    desk = await startDeskProcess({ DESK_DATA_DIR: dataDir, DESK_ALLOWED_ORIGINS: TEST_ORIGIN });
    const url = `${desk.url}/leads`;
    const lead = (i: number) => leadBody({ conversationId: `log-call-${i}`, toolCallId: 'tool-1' });
    expect((await postJson(url, lead(0))).status).toBe(201);
    // One line is far from a batch's size: it is written by the next turn of the flush.
    while (leadRequestLines(desk) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(leadRequestLines(desk)).toBe(1);
    for (let i = 1; i <= 30; i += 1) {
      expect((await postJson(url, lead(i))).status).toBe(201);
    }
    desk.child.kill('SIGTERM');
    expect(await desk.exited).toBe(0);
    expect(leadRequestLines(desk)).toBe(31);
  });
});
