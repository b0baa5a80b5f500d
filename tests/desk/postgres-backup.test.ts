import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { postgres } from '../helpers/desk-databases.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, createAccounts, postSignIn } from '../helpers/inbox-api.ts';

// docs/deploy.md#backups, as written: pg_dump while the desk runs, then the desk stopped,
// pg_restore --clean into its database, and the desk started again on what was saved.
const run = promisify(execFile);
const server = postgres();
const folder = mkdtemp(join(tmpdir(), 'desk-backup-'));
let desk: TestDesk | undefined;

afterAll(async () => {
  await desk?.close();
  await server.close();
  await rm(await folder, { recursive: true, force: true });
});

async function captureNames(running: TestDesk): Promise<string[]> {
  const rows = await running.services.database.db
    .selectFrom('captures')
    .select('fields')
    .orderBy('received_at')
    .execute();
  return rows.map((row) => String((row.fields as { name?: unknown }).name));
}

async function addLead(running: TestDesk, name: string): Promise<void> {
  const res = await postJson(
    `${running.url}/leads`,
    leadBody({
      conversationId: `backup-${name.replace(/\W/g, '-')}`,
      fields: { name, phone: '604 555 0101', intent: 'buy', consentToContact: true },
    }),
  );
  expect(res.status).toBe(201);
}

describe('PostgreSQL backup and restore (docs/deploy.md)', () => {
  it('brings back the leads and users saved by pg_dump, and drops what came after', async () => {
    const url = await server.freshUrl?.();
    if (url === undefined) {
      throw new Error('the PostgreSQL helper gives no URL');
    }
    const options = { DATABASE_URL: url };
    desk = await startTestDesk(options, { deliver: false, weeklyReport: false });
    await createAccounts(desk.services.database.db);
    await addLead(desk, 'Saved Before Backup');
    const dump = join(await folder, 'desk.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, url], { timeout: 120_000 });
    await addLead(desk, 'Added After Backup');
    expect(await captureNames(desk)).toEqual(['Saved Before Backup', 'Added After Backup']);
    await desk.close();
    desk = undefined;

    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${url}`, dump], {
      timeout: 120_000,
    });
    desk = await startTestDesk(options, { deliver: false, weeklyReport: false });
    expect(await captureNames(desk)).toEqual(['Saved Before Backup']);
    const signIn = await postSignIn(desk.url, ACCOUNTS.broker.email, ACCOUNTS.broker.password);
    expect(signIn.status).toBe(200);
  });
});
