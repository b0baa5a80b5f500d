import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMailFile } from '../../desk/delivery/mailer.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'desk-mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('an .eml file written without a mail server', () => {
  it('is written whole under its name', async () => {
    const path = await writeMailFile(dir, 'a.eml', Buffer.from('Subject: hi\r\n\r\nbody'));
    expect(path).toBe(join(dir, 'a.eml'));
    expect(await readdir(dir)).toEqual(['a.eml']);
  });

  it('leaves no .eml.tmp behind when the disk fills halfway, and reports the failure', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    const halfway: typeof writeFile = async (file, data) => {
      await writeFile(file, String(data).slice(0, 4));
      throw full;
    };
    await expect(writeMailFile(dir, 'b.eml', Buffer.from('Subject: hi'), halfway)).rejects.toBe(
      full,
    );
    expect(await readdir(dir)).toEqual(['a.eml']);
  });
});
