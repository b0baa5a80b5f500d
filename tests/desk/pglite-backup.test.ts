import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSocketPath, runInRunningDesk } from '../../desk/admin/admin-socket.ts';
import { extraCommands } from '../../desk/cli/extra-commands.ts';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, createAccounts, postSignIn } from '../helpers/inbox-api.ts';

// `npm run desk -- backup FILE` asked of a running desk on its embedded database (through the
// admin socket, as the CLI does) while leads keep arriving, then `restore FILE` into an empty
// folder, and a desk started there.
const folder = mkdtemp(join(tmpdir(), 'desk-pglite-backup-'));
const desks: TestDesk[] = [];

afterAll(async () => {
  await Promise.allSettled(desks.map((desk) => desk.close()));
  await rm(await folder, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<TestDesk> {
  const desk = await startTestDesk(env, {
    deliver: false,
    weeklyReport: false,
    commands: extraCommands,
  });
  desks.push(desk);
  return desk;
}

function lines() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

async function postLead(desk: TestDesk, n: number): Promise<number> {
  const res = await postJson(
    `${desk.url}/leads`,
    leadBody({ conversationId: `backup-${n}`, toolCallId: `tool-${n}` }),
  );
  return res.status;
}

async function captureCount(desk: TestDesk): Promise<number> {
  const row = await desk.services.database.db
    .selectFrom('captures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('npm run desk -- backup / restore (embedded database)', () => {
  it('copies the running desk consistently, and a desk restored from the copy has its data', async () => {
    const source = await start();
    await createAccounts(source.services.database.db);
    for (let n = 0; n < 5; n++) {
      expect(await postLead(source, n)).toBe(201);
    }
    const file = join(await folder, 'desk.tar.gz');
    const backup = lines();
    // Leads keep arriving during the backup: each is in the copy or not, never half.
    const during = Promise.all([5, 6, 7, 8, 9].map((n) => postLead(source, n)));
    const code = await runInRunningDesk(adminSocketPath({ dataDir: source.dataDir }), 'backup', {
      args: [file],
      ...backup.io,
    });
    expect(backup.err).toEqual([]);
    expect(code).toBe(0);
    expect(await during).toEqual(Array(5).fill(201));
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // Restore is refused while a desk runs on the database, and over an existing database.
    const refused = lines();
    const restoreInDesk = await runInRunningDesk(
      adminSocketPath({ dataDir: source.dataDir }),
      'restore',
      { args: [file], ...refused.io },
    );
    expect(restoreInDesk).toBe(1);
    expect(refused.err.join('\n')).toMatch(/stop it, then restore/);

    const target = await mkdtemp(join(await folder, 'restored-'));
    const env = parseDeskEnv({ DESK_DATA_DIR: target });
    const restored = lines();
    const restore = extraCommands.restore;
    if (!restore) {
      throw new Error('no restore command');
    }
    expect(await restore.run({ env, args: [file], ...restored.io })).toBe(0);
    const again = lines();
    expect(await restore.run({ env, args: [file], ...again.io })).toBe(1);
    expect(again.err.join('\n')).toMatch(/already holds a database/);

    const copy = await start({ DESK_DATA_DIR: target });
    const count = await captureCount(copy);
    expect(count).toBeGreaterThanOrEqual(5);
    expect(count).toBeLessThanOrEqual(10);
    const signIn = await postSignIn(copy.url, ACCOUNTS.broker.email, ACCOUNTS.broker.password);
    expect(signIn.status).toBe(200);
    expect(await postLead(copy, 10)).toBe(201);
  });

  it('asks for an absolute FILE, and points a PostgreSQL desk at pg_dump', async () => {
    const backup = extraCommands.backup;
    if (!backup) {
      throw new Error('no backup command');
    }
    const relative = lines();
    const env = parseDeskEnv({ DESK_DATA_DIR: await folder });
    expect(await backup.run({ env, args: ['desk.tar.gz'], ...relative.io })).toBe(2);
    expect(relative.err.join('\n')).toMatch(/absolute path/);
    const server = lines();
    const pgEnv = parseDeskEnv({ DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await backup.run({ env: pgEnv, args: [join(tmpdir(), 'x.tar.gz')], ...server.io })).toBe(
      2,
    );
    expect(server.err.join('\n')).toMatch(/pg_dump/);
  });
});
