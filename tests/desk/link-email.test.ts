import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TeamMemberInfo } from '../../desk/inbox/api-contract.ts';
import { startTestDesk, type TestDesk, until } from '../helpers/desk-harness.ts';
import {
  ACCOUNTS,
  type ApiSession,
  api,
  apiSignIn,
  createAccounts,
  postSignIn,
} from '../helpers/inbox-api.ts';
import { readMime, type SmtpStandIn, startSmtpStandIn } from '../helpers/smtp-stand-in.ts';

// Invite and reset emails are jobs of the one queue (docs/desk.md#jobs), sent through SMTP here.
let smtp: SmtpStandIn;
let desk: TestDesk;
let broker: ApiSession;
// The desk's clock runs with the real one, moved on by this much (see the flood's test).
let ahead = 0;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  desk = await startTestDesk(
    { SMTP_URL: smtp.url, DESK_RETRY_BASE_MS: '200', DESK_RETRY_MAX_MS: '400' },
    {
      adapters: [],
      pollMs: 50,
      weeklyReport: false,
      retention: false,
      now: () => new Date(Date.now() + ahead),
    },
  );
  await createAccounts(desk.services.database.db);
  broker = await apiSignIn(desk.url, ACCOUNTS.broker);
}, 120_000);
afterAll(async () => {
  await desk?.close();
  await smtp?.close();
});
beforeEach(() => smtp.reset());

let added = 0;
/** A new member of the team, not yet invited. */
async function newMember(): Promise<TeamMemberInfo> {
  added += 1;
  const res = await api(desk.url, broker, '/api/team', {
    method: 'POST',
    body: { name: `New Agent ${added}`, email: `agent${added}@maple-ridge.example`, role: 'agent' },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as TeamMemberInfo;
}

/** A member as the team page lists them. */
async function memberOf(id: string): Promise<TeamMemberInfo> {
  const res = await api(desk.url, broker, '/api/team');
  expect(res.status).toBe(200);
  const { members } = (await res.json()) as { members: TeamMemberInfo[] };
  const member = members.find((m) => m.id === id);
  if (!member) {
    throw new Error(`no member ${id} in the team list`);
  }
  return member;
}

/** The invite's job for a member: its state, tries, last error and payload. */
async function inviteJobOf(userId: string) {
  return desk.services.database.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error', 'payload'])
    .where('kind', '=', 'link-email')
    .where(({ ref, eb }) => eb(ref('payload', '->>').key('userId'), '=', userId))
    .executeTakeFirstOrThrow();
}

/** The invite link's token in the one message the stand-in took for `to`. */
function tokenMailedTo(to: string): string | null {
  const mail = smtp.messages.find((m) => m.to.includes(to));
  const text = mail
    ? readMime(mail.raw)
        .parts.map((p) => p.body)
        .join('\n')
    : '';
  return /\/inbox\/invite#([A-Za-z0-9_-]{20,})/.exec(text)?.[1] ?? null;
}

describe('an invite whose email the mail server defers', () => {
  it('answers as when it is sent, and the queue sends it again: the link works', async () => {
    const sam = await newMember();
    smtp.rejectNext(1, 451);
    const res = await api(desk.url, broker, `/api/team/${sam.id}/invite`, { method: 'POST' });
    expect(res.status).toBe(200);
    // The member as before, and their invite in the queue (the queue may have tried it already).
    const { linkEmail, ...answered } = (await res.json()) as TeamMemberInfo;
    expect(answered).toEqual({ ...sam, linkEmail: undefined });
    expect(linkEmail?.purpose).toBe('invite');
    expect(['sending', 'retrying', 'sent']).toContain(linkEmail?.state);

    const token = await until(() => tokenMailedTo(sam.email), 'the invite, sent again');
    expect(smtp.messages).toHaveLength(1);
    const job = await until(async () => {
      const row = await inviteJobOf(sam.id);
      return row.status === 'delivered' && row;
    }, 'the invite job done');
    expect(job.attempts).toBe(2);
    // The job names the member, never the link's secret nor the address.
    expect(JSON.stringify(job.payload)).not.toContain(token);
    expect(JSON.stringify(job.payload)).not.toContain(sam.email);

    const password = 'agents-own-password-1';
    const set = await api(desk.url, null, '/api/password', {
      method: 'POST',
      body: { token, password },
    });
    expect(set.status).toBe(204);
    expect((await postSignIn(desk.url, sam.email, password)).status).toBe(200);
    // The try that failed minted a link nobody received: the one sent spent it.
    const unused = await desk.services.database.db
      .selectFrom('user_tokens')
      .select('id')
      .where('user_id', '=', sam.id)
      .where('used_at', 'is', null)
      .execute();
    expect(unused).toEqual([]);
    expect((await memberOf(sam.id)).linkEmail).toEqual({ purpose: 'invite', state: 'sent' });
    // The log says how each try went, without the address.
    expect(JSON.stringify(desk.logLines)).not.toContain(sam.email);
  });

  it('is not sent again once the mail server refuses it for good (a 5xx)', async () => {
    const kim = await newMember();
    smtp.rejectNext(1, 550);
    const res = await api(desk.url, broker, `/api/team/${kim.id}/invite`, { method: 'POST' });
    expect(res.status).toBe(200);
    const job = await until(async () => {
      const row = await inviteJobOf(kim.id);
      return row.status === 'dead' && row;
    }, 'the invite job dead');
    expect(job.attempts).toBe(1);
    expect(job.last_error).toMatch(/^SMTP 550 .*refused/);
    expect(smtp.messages).toEqual([]);
    // The broker's team page tells them, so they can mend the mail settings and send it again.
    expect((await memberOf(kim.id)).linkEmail).toEqual({ purpose: 'invite', state: 'failed' });
  });
});

describe('"Forgot password?" asked many times at once', () => {
  it('sends one link to the account', async () => {
    // The desk's clock at the start of a minute: the flood cannot straddle two.
    ahead += 60_000 - ((Date.now() + ahead) % 60_000);
    const ask = (email: string) =>
      api(desk.url, null, '/api/password-reset', { method: 'POST', body: { email } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(ACCOUNTS.priya.email)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    // Asked after, queued after: once Daniel's link is out, every ask for Priya's is queued.
    await ask(ACCOUNTS.daniel.email);
    const mailedTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));
    await until(() => mailedTo(ACCOUNTS.daniel.email).length > 0, 'Daniel’s reset link');
    // A job is still pending while it is sent (the mail arrives before its row says delivered), so
    // wait for the queue to be empty: a second link for Priya would be sent by then.
    await until(async () => {
      const pending = await desk.services.database.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'link-email')
        .where('status', '=', 'pending')
        .execute();
      return pending.length === 0;
    }, 'the link emails sent');
    expect(mailedTo(ACCOUNTS.daniel.email)).toHaveLength(1);
    const priya = await desk.services.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ACCOUNTS.priya.email)
      .executeTakeFirstOrThrow();
    const asked = await desk.services.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'link-email')
      .where(({ ref, eb }) => eb(ref('payload', '->>').key('purpose'), '=', 'reset'))
      .where(({ ref, eb }) => eb(ref('payload', '->>').key('userId'), '=', priya.id))
      .execute();
    expect(asked).toHaveLength(1);
    expect(mailedTo(ACCOUNTS.priya.email)).toHaveLength(1);
  });
});
