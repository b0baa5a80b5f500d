import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBrokerage } from '../../desk/config/brokerage.ts';
import { DeskConfigError } from '../../desk/config/config-error.ts';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import { assignCapture } from '../../desk/routing/assign.ts';

const CONFIG = JSON.parse(readFileSync('assistant.config.json', 'utf8'));

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof DeskConfigError) {
      return error.problems;
    }
    throw error;
  }
  return [];
}

describe('the desk environment', () => {
  it('has working defaults: 127.0.0.1:8787, the embedded database in data/desk, email to files', () => {
    const env = parseDeskEnv({}, '/srv/brokerage');
    expect(env).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '/srv/brokerage/data/desk',
      allowedOrigins: [],
      platformSecret: null,
      fub: null,
      webhook: null,
      smtpUrl: null,
      leadsPerMinute: 120,
    });
  });

  it('names every bad variable at once, and never echoes a secret', () => {
    const problems = problemsOf(() =>
      parseDeskEnv({
        DESK_PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DESK_ALLOWED_ORIGINS: 'https://ok.example, https://ok.example/path',
        DESK_WEBHOOK_URL: 'https://hooks.example/x',
        DESK_WEBHOOK_SECRET: 'plain-secret-value',
        SMTP_URL: 'http://mail',
      }),
    );
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'DESK_PORT',
      'DATABASE_URL',
      'DESK_ALLOWED_ORIGINS',
      'DESK_WEBHOOK_SECRET',
      'SMTP_URL',
    ]);
    expect(problems.join('\n')).not.toContain('plain-secret-value');
  });
});

describe('DESK_PLATFORM_SECRET and DESK_SHUTDOWN_MS', () => {
  it('refuses a platform secret shorter than 32 characters, naming the variable, never the value', () => {
    const short = 'only-twenty-eight-characters';
    const problems = problemsOf(() => parseDeskEnv({ DESK_PLATFORM_SECRET: short }));
    expect(problems).toEqual([expect.stringMatching(/^DESK_PLATFORM_SECRET must be at least 32/)]);
    expect(problems.join('\n')).not.toContain(short);
    const long = 'a'.repeat(32);
    expect(parseDeskEnv({ DESK_PLATFORM_SECRET: long }).platformSecret).toBe(long);
  });

  it('waits 10 s for work in hand when stopping, unless DESK_SHUTDOWN_MS says otherwise', () => {
    expect(parseDeskEnv({}).shutdownMs).toBe(10_000);
    expect(parseDeskEnv({ DESK_SHUTDOWN_MS: '2500' }).shutdownMs).toBe(2500);
    expect(problemsOf(() => parseDeskEnv({ DESK_SHUTDOWN_MS: 'soon' }))).toEqual([
      expect.stringMatching(/^DESK_SHUTDOWN_MS must be a whole number/),
    ]);
  });
});

describe('the brokerage config', () => {
  it('reads the agents, who is on duty and the office hours of assistant.config.json', () => {
    const brokerage = parseBrokerage(CONFIG);
    expect(brokerage.agents.map((a) => [a.name, a.role])).toEqual([
      ['Maya Chen', 'broker'],
      ['Daniel Okafor', 'agent'],
      ['Priya Sandhu', 'agent'],
    ]);
    expect(brokerage.onDuty).toBe('Priya Sandhu');
  });

  it('fails at start with a message naming the field', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ agents: [] }, 'agents must list'],
      [{ agents: [{ ...CONFIG.agents[0], email: 'maya' }] }, 'agents[0].email'],
      [{ agents: [{ ...CONFIG.agents[1] }] }, 'role": "broker"'],
      [{ onDuty: 'Nobody' }, 'onDuty'],
      [
        {
          officeHours: {
            ...CONFIG.officeHours,
            hours: [{ days: 'Mondy', open: '09:00', close: '17:00' }],
          },
        },
        'officeHours.hours[0].days',
      ],
    ];
    for (const [change, field] of cases) {
      const problems = problemsOf(() => parseBrokerage({ ...CONFIG, ...change }));
      expect(problems.join('\n'), field).toContain(field);
    }
  });
});

describe('routing', () => {
  const brokerage = parseBrokerage(CONFIG);
  it("gives a lead to the listing's agent, by listing id or by agent name", () => {
    expect(assignCapture(brokerage, { id: 'MRR-14-LINDEN' }, false)).toMatchObject({
      agent: { name: 'Daniel Okafor' },
      reason: 'listing-agent',
    });
    expect(assignCapture(brokerage, { agentName: 'daniel' }, false).agent.name).toBe(
      'Daniel Okafor',
    );
  });
  it('else to the on-duty agent inside office hours, else to the broker', () => {
    expect(assignCapture(brokerage, { address: '9 Elm' }, true)).toMatchObject({
      agent: { name: 'Priya Sandhu' },
      reason: 'on-duty',
    });
    expect(assignCapture(brokerage, { address: '9 Elm' }, false)).toMatchObject({
      agent: { name: 'Maya Chen' },
      reason: 'broker',
    });
  });
});
