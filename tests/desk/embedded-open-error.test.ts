import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/desk-harness.ts';
import { startDeskProcess } from '../helpers/desk-process.ts';

// A desk process's cold start (tsx, then PGlite) on a loaded two-core machine.
const SLOW = 120_000;

describe('an embedded database folder PGlite cannot open', () => {
  let dataDir = '';
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Two desks started at once on a new folder leave it half made for the later one; PGlite then
  // fails with its file system's error object, not an Error. A file where PGlite makes a
  // folder fails the same way, every time.
  it('stops the desk with a sentence naming the folder and what to do', {
    timeout: SLOW,
  }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'desk-taken-'));
    await mkdir(join(dataDir, 'db', 'base'), { recursive: true });
    await writeFile(join(dataDir, 'db', 'base', '1'), '');
    const start = startDeskProcess({ DESK_DATA_DIR: dataDir, DESK_ALLOWED_ORIGINS: TEST_ORIGIN });
    const refused = await start.then(
      (desk) => {
        desk.child.kill('SIGKILL');
        return 'the desk started';
      },
      (error: Error) => error.message,
    );
    expect(refused).not.toContain('[object Object]');
    expect(refused).toContain(`Cannot open the embedded database in ${join(dataDir, 'db')}`);
    expect(refused).toMatch(/[Aa]nother desk .*DESK_DATA_DIR/s);
  });
});
