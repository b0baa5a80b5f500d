import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskCommand } from '../../desk/admin/command.ts';
import { createSession } from '../../desk/auth/sessions.ts';
import { signIn } from '../../desk/auth/sign-in.ts';
import { seedTeam } from '../../desk/auth/team-seed.ts';
import { createUser } from '../../desk/auth/users.ts';
import {
  deactivateUserCommand,
  resetPasswordCommand,
  usersCommand,
} from '../../desk/cli/team-commands.ts';
import { loadBrokerage } from '../../desk/config/brokerage.ts';
import { type DeskEnv, parseDeskEnv } from '../../desk/config/desk-env.ts';
import { embeddedDir, openDatabase } from '../../desk/storage/database.ts';
import { postgres } from '../helpers/desk-databases.ts';

const pg = postgres();
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'team-cli-'));
});
afterAll(async () => {
  await pg.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The CLI's settings on each database: PGlite in a data folder, a PostgreSQL database by URL. */
const DATABASES: [string, () => Promise<DeskEnv>][] = [
  ['PGlite', async () => parseDeskEnv({ DESK_DATA_DIR: join(dataDir, 'pglite') })],
  [
    'PostgreSQL',
    async () =>
      parseDeskEnv({ DESK_DATA_DIR: join(dataDir, 'pg'), DATABASE_URL: await pg.freshUrl?.() }),
  ],
];

function open(env: DeskEnv) {
  return openDatabase(
    env.databaseUrl === null
      ? { kind: 'embedded', dataDir: embeddedDir(env) }
      : { kind: 'postgres', url: env.databaseUrl },
  );
}

describe.each(DATABASES)('the team commands on %s', (_name, envOf) => {
  let env: DeskEnv;
  const password = 'maya-first-password';

  /** Runs a command as the CLI does (its own database connection); its exit code and output. */
  async function run(command: DeskCommand, args: string[], stdin = '') {
    const lines: string[] = [];
    const code = await command.run({
      env,
      args,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
      stdin: async () => stdin,
    });
    return { code, printed: lines.join('\n') };
  }

  /** Signs in directly against the database: whether the password is taken. */
  async function signsIn(email: string, pw: string): Promise<boolean> {
    const database = await open(env);
    try {
      const outcome = await signIn(
        database.db,
        { email, password: pw, ip: '203.0.113.9' },
        new Date(),
      );
      return outcome.kind === 'signed-in';
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    env = await envOf();
    const database = await open(env);
    try {
      await seedTeam(database.db, await loadBrokerage('assistant.config.json'));
      await createUser(database.db, {
        email: 'maya@maple-ridge.example',
        name: 'Maya Chen',
        role: 'broker',
        password,
      });
      const daniel = await createUser(database.db, {
        email: 'daniel@maple-ridge.example',
        name: 'Daniel Okafor',
        role: 'agent',
        password: 'daniel-first-password',
      });
      await createSession(database.db, daniel, new Date());
      await createSession(database.db, daniel, new Date());
    } finally {
      await database.close();
    }
  }, 120_000);

  it('users lists every user with role, state, duty and alerts', async () => {
    const { code, printed } = await run(usersCommand, []);
    expect(code).toBe(0);
    const lines = printed.split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATE\s+DUTY\s+ALERTS/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(0, 5))).toEqual([
      ['maya@maple-ridge.example', 'Maya Chen', 'broker', 'active', 'sms+email'],
      ['daniel@maple-ridge.example', 'Daniel Okafor', 'agent', 'active', 'sms+email'],
      ['priya@maple-ridge.example', 'Priya Sandhu', 'agent', 'no password yet', 'on duty'],
    ]);
    expect((await run(usersCommand, ['--all'])).code).toBe(2);
  });

  it('reset-password sets the password from standard input, never printing it', async () => {
    const fresh = 'maya-second-password';
    const done = await run(
      resetPasswordCommand,
      ['--email', 'Maya@Maple-Ridge.example'],
      `${fresh}\n`,
    );
    expect(done.code).toBe(0);
    expect(done.printed).toMatch(/Password set for maya@maple-ridge\.example/);
    expect(done.printed).not.toContain(fresh);
    expect(await signsIn('maya@maple-ridge.example', fresh)).toBe(true);
    expect(await signsIn('maya@maple-ridge.example', password)).toBe(false);
  });

  it('reset-password refuses an unknown email, a short password and no password', async () => {
    const unknown = await run(
      resetPasswordCommand,
      ['--email', 'nobody@x.example'],
      'long-enough-pass',
    );
    expect(unknown).toEqual({ code: 1, printed: 'No user has the email nobody@x.example.' });
    const short = await run(resetPasswordCommand, ['--email', 'maya@maple-ridge.example'], 'short');
    expect(short.code).toBe(1);
    expect(short.printed).toMatch(/12 to 1024 characters/);
    expect((await run(resetPasswordCommand, ['--email', 'maya@maple-ridge.example'])).code).toBe(2);
    expect((await run(resetPasswordCommand, [])).code).toBe(2);
  });

  it('deactivate-user ends every session and refuses sign-in; the last broker stays', async () => {
    const done = await run(deactivateUserCommand, ['--email', 'daniel@maple-ridge.example']);
    expect(done).toEqual({
      code: 0,
      printed:
        'Deactivated daniel@maple-ridge.example: 2 session(s) ended, 0 open lead(s) to reassign.',
    });
    expect(await signsIn('daniel@maple-ridge.example', 'daniel-first-password')).toBe(false);
    const listed = await run(usersCommand, []);
    expect(listed.printed).toMatch(
      /daniel@maple-ridge\.example\s+Daniel Okafor\s+agent\s+deactivated/,
    );
    const lastBroker = await run(deactivateUserCommand, ['--email', 'maya@maple-ridge.example']);
    expect(lastBroker).toEqual({
      code: 1,
      printed: 'The last active broker cannot be deactivated',
    });
    expect((await run(deactivateUserCommand, ['--email', 'nobody@x.example'])).code).toBe(1);
  });
});
