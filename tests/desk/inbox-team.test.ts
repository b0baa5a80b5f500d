// Over 300 lines as one concept: the team's API end to end on one desk, whose state (who is
// paused, invited, deactivated) each describe builds on in order.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../desk/auth/team-seed.ts';
import { USER_TOKEN_TTL_MS } from '../../desk/auth/user-tokens.ts';
import type { TeamList, TeamMemberInfo } from '../../desk/inbox/api-contract.ts';
import { needsReassignmentSql } from '../../desk/inbox/team-reassign.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import {
  ACCOUNTS,
  type ApiSession,
  api,
  apiSignIn,
  createAccounts,
  postSignIn,
} from '../helpers/inbox-api.ts';
import { mailedLink } from '../helpers/mailed-link.ts';

// Wednesday 10:00 in Vancouver: inside office hours, so routing's on-duty step applies.
let clock = Date.parse('2026-11-25T18:00:00Z');
let desk: TestDesk;
let broker: ApiSession;

beforeAll(async () => {
  // The outbox runs, for the invite and reset emails it sends, with no delivery adapter: no
  // lead's alert adds a file to the mail folder.
  desk = await startTestDesk({}, { adapters: [], weeklyReport: false, now: () => new Date(clock) });
  await createAccounts(desk.services.database.db);
  broker = await apiSignIn(desk.url, ACCOUNTS.broker);
}, 120_000);
afterAll(() => desk?.close());

async function team(): Promise<TeamMemberInfo[]> {
  const res = await api(desk.url, broker, '/api/team');
  expect(res.status).toBe(200);
  return ((await res.json()) as TeamList).members;
}

async function member(email: string): Promise<TeamMemberInfo> {
  const found = (await team()).find((m) => m.email === email);
  if (!found) {
    throw new Error(`${email} is not on the team`);
  }
  return found;
}

/** The token of the newest invite or reset email sent to `to`. */
async function linkSentTo(to: string, kind: 'invite' | 'reset'): Promise<string | null> {
  return (await mailedLink(desk.dataDir, to, kind))?.split('#').pop() ?? null;
}

/** Waits for an invite or reset email to `to` newer than the one of token `before`; its token. */
function nextLinkSentTo(
  to: string,
  kind: 'invite' | 'reset',
  before: string | null,
): Promise<string> {
  return until(async () => {
    const token = await linkSentTo(to, kind);
    return token !== before && token;
  }, `the ${kind} email`);
}

async function mailCount(): Promise<number> {
  return (await readdir(join(desk.dataDir, 'mail')).catch(() => [])).length;
}

function setPassword(token: string, password: string): Promise<Response> {
  return api(desk.url, null, '/api/password', { method: 'POST', body: { token, password } });
}

let person = 0;
/** A new person's lead (for the listing given), and the agent it was assigned to. */
async function routedTo(listing: Record<string, string>): Promise<string | null> {
  person += 1;
  const res = await postJson(
    `${desk.url}/leads`,
    leadBody({
      conversationId: `team-${person}`,
      listing,
      fields: {
        name: `Visitor ${person}`,
        email: `visitor${person}@example.com`,
        phone: `604 555 ${String(1000 + person)}`,
        intent: 'buy',
        consentToContact: true,
      },
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const row = await desk.services.database.db
    .selectFrom('captures')
    .select('assigned_name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.assigned_name;
}

const LINDEN = { address: '14 Linden Court', id: 'MRR-14-LINDEN', agentName: 'Daniel' };
const ELSEWHERE = { address: '9 Birch Way', id: 'MRR-9-BIRCH' };

describe('the team in the database', () => {
  it('is seeded from assistant.config.json on the first start, with phones, duty and order', async () => {
    const members = await team();
    expect(members.map((m) => [m.email, m.role, m.phone, m.onDuty])).toEqual([
      ['maya@maple-ridge.example', 'broker', '+1 604 555 0100', false],
      ['daniel@maple-ridge.example', 'agent', '+1 604 555 0101', false],
      ['priya@maple-ridge.example', 'agent', '+1 604 555 0102', true],
    ]);
  });

  it('is not seeded again: a later config edit leaves the broker’s team alone', async () => {
    const db = desk.services.database.db;
    const again = await seedTeam(db, {
      agents: [
        {
          name: 'New Person',
          email: 'new@maple-ridge.example',
          phone: '+1 604 555 0999',
          role: 'broker',
          owns: [],
        },
      ],
      onDuty: 'New Person',
    });
    expect(again).toBe(false);
    expect((await team()).map((m) => m.email)).not.toContain('new@maple-ridge.example');
  });

  it('is the broker’s only: an agent gets 403 on every team route', async () => {
    const agent = await apiSignIn(desk.url, ACCOUNTS.priya);
    expect((await api(desk.url, agent, '/api/team')).status).toBe(403);
    const daniel = await member(ACCOUNTS.daniel.email);
    const deactivate = await api(desk.url, agent, `/api/team/${daniel.id}/deactivate`, {
      method: 'POST',
    });
    expect(deactivate.status).toBe(403);
    expect((await member(ACCOUNTS.daniel.email)).active).toBe(true);
  });

  it('adds an agent without a phone: email only; a second with the same email is 409', async () => {
    const res = await api(desk.url, broker, '/api/team', {
      method: 'POST',
      body: { name: 'Sam Lee', email: 'Sam@Maple-Ridge.example', role: 'agent' },
    });
    expect(res.status).toBe(201);
    const sam = (await res.json()) as TeamMemberInfo;
    expect(sam).toMatchObject({
      email: 'sam@maple-ridge.example',
      emailOnly: true,
      hasPassword: false,
    });
    const twice = await api(desk.url, broker, '/api/team', {
      method: 'POST',
      body: { name: 'Sam Again', email: 'sam@maple-ridge.example', role: 'agent' },
    });
    expect(twice.status).toBe(409);
    const bad = await api(desk.url, broker, '/api/team', {
      method: 'POST',
      body: { name: 'X', email: 'not-an-email', role: 'agent' },
    });
    expect(bad.status).toBe(400);
    const audited = await desk.services.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_email'])
      .where('action', '=', 'team-add')
      .execute();
    expect(audited).toEqual([{ action: 'team-add', user_email: ACCOUNTS.broker.email }]);
  });
});

describe('invite', () => {
  const sam = 'sam@maple-ridge.example';
  const password = 'sams-own-password-1';

  it('emails a one-time link that sets the password once; the token is stored hashed', async () => {
    const { id } = await member(sam);
    // Added but not invited: no password, so no sign-in.
    expect((await postSignIn(desk.url, sam, password)).status).toBe(401);
    const res = await api(desk.url, broker, `/api/team/${id}/invite`, { method: 'POST' });
    expect(res.status).toBe(200);
    const token = await nextLinkSentTo(sam, 'invite', null);
    expect(token).not.toBeNull();
    const stored = await desk.services.database.db
      .selectFrom('user_tokens')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(stored.map((t) => t.id)).toContain(
      createHash('sha256').update(String(token)).digest('hex'),
    );
    expect(JSON.stringify(stored)).not.toContain(String(token));

    expect((await setPassword(String(token), password)).status).toBe(204);
    expect((await postSignIn(desk.url, sam, password)).status).toBe(200);
    // Used: refused, and the password stays.
    const reused = await setPassword(String(token), 'another-password-22');
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('bad-token');
    expect((await postSignIn(desk.url, sam, password)).status).toBe(200);
    expect((await member(sam)).hasPassword).toBe(true);
  });

  it('refuses a link after 24 hours, and a password under 12 characters', async () => {
    const { id } = await member(sam);
    const before = await linkSentTo(sam, 'invite');
    await api(desk.url, broker, `/api/team/${id}/invite`, { method: 'POST' });
    const token = String(await nextLinkSentTo(sam, 'invite', before));
    expect((await setPassword(token, 'short')).status).toBe(400);
    clock += USER_TOKEN_TTL_MS + 60_000;
    try {
      const late = await setPassword(token, 'late-password-12345');
      expect(late.status).toBe(400);
      expect((await postSignIn(desk.url, sam, 'late-password-12345')).status).toBe(401);
    } finally {
      clock -= USER_TOKEN_TTL_MS + 60_000;
    }
  });
});

describe('password reset', () => {
  it('answers "Forgot password?" the same for an unknown email, and mails only a known one', async () => {
    const before = await mailCount();
    const unknown = await api(desk.url, null, '/api/password-reset', {
      method: 'POST',
      body: { email: 'nobody@maple-ridge.example' },
    });
    const known = await api(desk.url, null, '/api/password-reset', {
      method: 'POST',
      body: { email: ACCOUNTS.priya.email.toUpperCase() },
    });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(await unknown.text()).toBe(await known.text());
    const token = await until(() => linkSentTo(ACCOUNTS.priya.email, 'reset'), 'the reset link');
    // Priya's is the only email: the unknown address, asked first, got none.
    expect(await mailCount()).toBe(before + 1);

    const session = await apiSignIn(desk.url, ACCOUNTS.priya);
    const fresh = 'priya-new-password-7';
    expect((await setPassword(String(token), fresh)).status).toBe(204);
    // The old password and every session are gone; the new password signs in.
    expect((await postSignIn(desk.url, ACCOUNTS.priya.email, ACCOUNTS.priya.password)).status).toBe(
      401,
    );
    expect((await api(desk.url, session, '/api/session')).status).toBe(401);
    expect((await postSignIn(desk.url, ACCOUNTS.priya.email, fresh)).status).toBe(200);
    expect((await setPassword(String(token), 'third-password-333')).status).toBe(400);
    // Put the account back for the tests after.
    const { id } = await member(ACCOUNTS.priya.email);
    expect(
      (await api(desk.url, broker, `/api/team/${id}/reset-password`, { method: 'POST' })).status,
    ).toBe(200);
    const sent = String(await nextLinkSentTo(ACCOUNTS.priya.email, 'reset', token));
    expect(sent).not.toBe(token);
    expect((await setPassword(sent, ACCOUNTS.priya.password)).status).toBe(204);
  });
});

describe('a reset asked with a forged Host', () => {
  it('sends no link naming another site: without DESK_PUBLIC_URL the link must be this machine’s', async () => {
    const before = await mailCount();
    const danielsLink = await linkSentTo(ACCOUNTS.daniel.email, 'reset');
    const port = new URL(desk.url).port;
    // fetch() will not forge a Host header; a raw request can, as an attacker's would.
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email: ACCOUNTS.daniel.email });
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `${new URL(desk.url).pathname.replace(/\/$/, '')}/api/password-reset`,
          method: 'POST',
          headers: {
            host: `attacker.example:${port}`,
            origin: `http://attacker.example:${port}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    // A loopback request right after does mail its link: had the forged one mailed, it came first.
    await api(desk.url, null, '/api/password-reset', {
      method: 'POST',
      body: { email: ACCOUNTS.broker.email },
    });
    await until(
      async () => (await mailCount()) > before && linkSentTo(ACCOUNTS.broker.email, 'reset'),
      'the loopback reset link',
    );
    expect(await mailCount()).toBe(before + 1);
    expect(await linkSentTo(ACCOUNTS.daniel.email, 'reset')).toBe(danielsLink);
  });
});

describe('routing reads the team', () => {
  it('skips a paused listing agent for the on-duty agent, and gives them leads again after', async () => {
    expect(await routedTo(LINDEN)).toBe('Daniel Okafor');
    const daniel = await member(ACCOUNTS.daniel.email);
    const paused = await api(desk.url, broker, `/api/team/${daniel.id}`, {
      method: 'PATCH',
      body: { pausedFrom: '2026-11-24', pausedTo: '2026-11-27' },
    });
    expect(paused.status).toBe(200);
    expect((await paused.json()) as TeamMemberInfo).toMatchObject({ pausedNow: true });
    expect(await routedTo(LINDEN)).toBe('Priya Sandhu');

    const ended = await api(desk.url, broker, `/api/team/${daniel.id}`, {
      method: 'PATCH',
      body: { pausedFrom: null, pausedTo: null },
    });
    expect(ended.status).toBe(200);
    expect(await routedTo(LINDEN)).toBe('Daniel Okafor');
  });

  it('sends a lead nobody owns to the broker when nobody is on duty', async () => {
    expect(await routedTo(ELSEWHERE)).toBe('Priya Sandhu');
    const priya = await member(ACCOUNTS.priya.email);
    await api(desk.url, broker, `/api/team/${priya.id}`, {
      method: 'PATCH',
      body: { onDuty: false },
    });
    expect(await routedTo(ELSEWHERE)).toBe('Maya Chen');
    await api(desk.url, broker, `/api/team/${priya.id}`, {
      method: 'PATCH',
      body: { onDuty: true },
    });
  });

  it('refuses a pause that ends before it starts, or half a pause', async () => {
    const { id } = await member(ACCOUNTS.daniel.email);
    for (const body of [
      { pausedFrom: '2026-12-05', pausedTo: '2026-12-01' },
      { pausedFrom: '2026-12-05' },
      { pausedFrom: '2026-02-30', pausedTo: '2026-03-01' },
    ]) {
      expect(
        (await api(desk.url, broker, `/api/team/${id}`, { method: 'PATCH', body })).status,
      ).toBe(400);
    }
  });
});

describe('deactivate', () => {
  it('ends every session at once, refuses sign-in, keeps the leads and flags them', async () => {
    const first = await apiSignIn(desk.url, ACCOUNTS.daniel);
    const second = await apiSignIn(desk.url, ACCOUNTS.daniel);
    expect(await routedTo(LINDEN)).toBe('Daniel Okafor');
    const { id } = await member(ACCOUNTS.daniel.email);
    const res = await api(desk.url, broker, `/api/team/${id}/deactivate`, { method: 'POST' });
    expect(res.status).toBe(200);
    const shown = (await res.json()) as TeamMemberInfo;
    expect(shown.active).toBe(false);
    expect(shown.leadsToReassign).toBeGreaterThanOrEqual(3);

    expect((await api(desk.url, first, '/api/session')).status).toBe(401);
    expect((await api(desk.url, second, '/api/leads')).status).toBe(401);
    const refused = await postSignIn(desk.url, ACCOUNTS.daniel.email, ACCOUNTS.daniel.password);
    const wrong = await postSignIn(desk.url, ACCOUNTS.priya.email, 'not-her-password-1');
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe(await wrong.text());
    // Their leads stay theirs until reassigned; new leads of their listing go elsewhere.
    const kept = await desk.services.database.db
      .selectFrom('leads')
      .select('id')
      .where('assigned_email', '=', ACCOUNTS.daniel.email)
      .execute();
    expect(kept.length).toBe(shown.leadsToReassign);
    // The leads list's flag reads the same rule.
    const flagged = await desk.services.database.db
      .selectFrom('leads as l')
      .select(['l.assigned_email', needsReassignmentSql('l').as('reassign')])
      .execute();
    for (const lead of flagged) {
      expect(lead.reassign, String(lead.assigned_email)).toBe(
        lead.assigned_email === ACCOUNTS.daniel.email,
      );
    }
    expect(await routedTo(LINDEN)).toBe('Priya Sandhu');
    const audited = await desk.services.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'team-deactivate')
      .executeTakeFirstOrThrow();
    expect(audited.detail).toMatchObject({ userId: id, sessionsEnded: 2 });
  });

  it('sends no reset link to a deactivated user, with the same answer', async () => {
    const ask = (email: string) =>
      api(desk.url, null, '/api/password-reset', { method: 'POST', body: { email } });
    const gone = await ask(ACCOUNTS.daniel.email);
    // Asked after, answered by the same queue of work: once Sam's link is out, Daniel's is decided.
    const active = await ask('sam@maple-ridge.example');
    expect(gone.status).toBe(200);
    expect(await gone.text()).toBe(await active.text());
    await until(() => linkSentTo('sam@maple-ridge.example', 'reset'), 'Sam’s reset link');
    expect(await linkSentTo(ACCOUNTS.daniel.email, 'reset')).toBeNull();
  });

  it('refuses to deactivate yourself, or the last active broker', async () => {
    const maya = await member(ACCOUNTS.broker.email);
    const self = await api(desk.url, broker, `/api/team/${maya.id}/deactivate`, { method: 'POST' });
    expect(self.status).toBe(400);
    expect((await member(ACCOUNTS.broker.email)).active).toBe(true);
  });
});
