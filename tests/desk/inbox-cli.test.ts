import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserCommand } from '../../desk/cli/add-user-command.ts';
import { weeklyReportCommand } from '../../desk/cli/weekly-report-command.ts';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import { mountInboxPages } from '../../desk/inbox/inbox-pages.ts';
import { runWeeklyReportIfDue } from '../../desk/reports/weekly-schedule.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { postSignIn } from '../helpers/inbox-api.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'inbox-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs a command in this process; resolves its exit code and what it printed. */
async function run(
  command: typeof addUserCommand,
  args: string[],
  stdin = '',
): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  const code = await command.run({
    env: parseDeskEnv({ DESK_DATA_DIR: dataDir }),
    args,
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    stdin: async () => stdin,
  });
  return { code, printed: lines.join('\n') };
}

describe('npm run desk -- add-user', () => {
  it('adds a user with the password from standard input, never printing it', async () => {
    const password = 'stdin-password-4821';
    const added = await run(
      addUserCommand,
      ['--email', 'Lee@Maple-Ridge.example', '--name', 'Lee Broker', '--role', 'broker'],
      `${password}\n`,
    );
    expect(added).toEqual({ code: 0, printed: 'Added broker lee@maple-ridge.example.' });
    const again = await run(
      addUserCommand,
      ['--email', 'lee@maple-ridge.example', '--name', 'Lee', '--role', 'broker'],
      password,
    );
    expect(again.code).toBe(1);
    expect(again.printed).toMatch(/already exists/);
    expect(again.printed).not.toContain(password);
  });

  it('refuses a short password, a bad role and a missing flag, naming the problem', async () => {
    const short = await run(
      addUserCommand,
      ['--email', 'a@b.example', '--name', 'A', '--role', 'agent'],
      'short',
    );
    expect(short.code).toBe(1);
    expect(short.printed).toMatch(/at least 12 characters/);
    expect(short.printed).not.toContain('short\n');
    const role = await run(
      addUserCommand,
      ['--email', 'a@b.example', '--name', 'A', '--role', 'admin'],
      'long-enough-password',
    );
    expect(role.printed).toMatch(/--role must be broker or agent/);
    expect((await run(addUserCommand, ['--email', 'a@b.example'], 'x')).code).toBe(2);
    expect(
      (await run(addUserCommand, ['--email', 'a@b.example', '--name', 'A', '--role', 'agent']))
        .printed,
    ).toMatch(/No password/);
  });
});

describe('the weekly report', () => {
  let desk: TestDesk;
  beforeAll(async () => {
    desk = await startTestDesk({ DESK_DATA_DIR: dataDir }, { deliver: false, weeklyReport: false });
    const res = await postJson(
      `${desk.url}/leads`,
      leadBody({
        conversationId: 'weekly-1',
        fields: {
          name: 'Wendy Weekly',
          phone: '604 555 0177',
          intent: 'buy',
          consentToContact: true,
        },
      }),
    );
    expect(res.status).toBe(201);
  }, 120_000);
  afterAll(() => desk?.stop());

  it('weekly-report writes each broker an .eml with the numbers and the leads still New', async () => {
    const result = await run(weeklyReportCommand, []);
    expect(result.code).toBe(0);
    const mail = join(dataDir, 'mail');
    const files = (await readdir(mail)).filter((f) => f.includes('weekly-report'));
    expect(files).toHaveLength(1);
    const text = await readFile(join(mail, files[0] ?? ''), 'utf8');
    expect(text).toMatch(/^To: Lee Broker <lee@maple-ridge\.example>/m);
    expect(text).toMatch(/Subject: Weekly report: \d+ captures, 1 leads still New/);
    expect(text).toContain('Wendy Weekly');
    expect(text).toContain('Maple Ridge Realty: the week of Mon');
  });

  it('is sent once from Monday 08:00 in the brokerage zone, whichever process asks first', async () => {
    const ctx = {
      db: desk.services.database.db,
      env: desk.services.env,
      brokerageName: 'Maple Ridge Realty',
      timeZone: 'America/Vancouver',
      claimMinutes: desk.services.brokerage.claim.claimMinutes,
    };
    // Monday 30 November 2026, 07:59 and 08:00 in Vancouver (MST, UTC−7: British Columbia no
    // longer turns its clocks back from 1 November 2026, in the pinned tz database).
    const early = new Date('2026-11-30T14:59:00Z');
    const due = new Date('2026-11-30T15:00:00Z');
    expect(await runWeeklyReportIfDue(ctx, 'process-a', early)).toBe(false);
    const both = await Promise.all([
      runWeeklyReportIfDue(ctx, 'process-a', due),
      runWeeklyReportIfDue(ctx, 'process-b', due),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await runWeeklyReportIfDue(ctx, 'process-b', new Date('2026-12-02T12:00:00Z'))).toBe(
      false,
    );
    const row = await ctx.db.selectFrom('scheduled_jobs').selectAll().executeTakeFirstOrThrow();
    expect(row.period).toBe('2026-11-23');
    expect(row.finished_at).not.toBeNull();
  });
});

describe('npm run desk -- start --demo', () => {
  function startDemo(dir: string): Promise<string> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'desk/cli.ts', 'start', '--demo'], {
      env: { ...process.env, DESK_PORT: '0', DESK_DATA_DIR: dir, DESK_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    return new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (/Sign in at /.test(text) && child.exitCode === null && !child.killed) {
          child.kill('SIGTERM');
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      child.once('exit', (code) =>
        /Sign in at /.test(text) ? resolve(text) : reject(new Error(`exited ${code}:\n${text}`)),
      );
    });
  }

  it('prints the demo accounts with one-time passwords once, then says they exist', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'inbox-demo-'));
    try {
      const first = await startDemo(dir);
      const accounts = [...first.matchAll(/^ {2}(broker|agent) +(\S+@\S+) +(\S{12,})$/gm)];
      expect(accounts.map((m) => [m[1], m[2]])).toEqual([
        ['broker', 'broker@demo.local'],
        ['agent', 'daniel@maple-ridge.example'],
        ['agent', 'priya@maple-ridge.example'],
      ]);
      const password = accounts[0]?.[3] ?? '';
      // Printed once on its own line; no JSON log line holds it.
      expect(first.split(password)).toHaveLength(2);
      const second = await startDemo(dir);
      expect(second).toMatch(/broker@demo\.local exists already/);
      expect(second).not.toContain(password);
      const desk = await startTestDesk(
        { DESK_DATA_DIR: dir },
        { deliver: false, weeklyReport: false },
      );
      try {
        expect((await postSignIn(desk.url, 'broker@demo.local', password)).status).toBe(200);
      } finally {
        await desk.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the inbox pages without a build', () => {
  it('answers 503 saying to run npm run build:inbox', async () => {
    const desk = await startTestDesk(
      {},
      {
        deliver: false,
        weeklyReport: false,
        mounts: [(app) => mountInboxPages(app, join(tmpdir(), 'no-such-inbox-build'))],
      },
    );
    try {
      const res = await fetch(`${desk.url}/inbox`);
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/npm run build:inbox/);
    } finally {
      await desk.close();
    }
  });
});
