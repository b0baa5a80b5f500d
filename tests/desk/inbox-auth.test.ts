import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../desk/auth/sessions.ts';
import { SESSION_COOKIE } from '../../desk/inbox/api-contract.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, api, apiSignIn, createAccounts, postSignIn } from '../helpers/inbox-api.ts';

// The desk's clock, moved by the tests (idle sessions, the sign-in window).
let clock = Date.parse('2026-11-25T18:00:00Z');
let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk(
    {},
    { deliver: false, weeklyReport: false, now: () => new Date(clock) },
  );
  await createAccounts(desk.services.database.db);
}, 120_000);
afterAll(() => desk?.close());

async function leadId(name: string): Promise<string> {
  const res = await postJson(
    `${desk.url}/leads`,
    leadBody({
      conversationId: `auth-${name.replace(/\W/g, '-')}`,
      fields: { name, phone: '604 555 0199', intent: 'buy', consentToContact: true },
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return String(((await res.json()) as { id: string }).id);
}

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Strict, Path=/ cookie, not Secure on loopback', async () => {
    const { setCookie } = await apiSignIn(desk.url, ACCOUNTS.broker);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{40,};`));
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it('sets a Secure cookie when the desk is reached by another host name', async () => {
    const { port } = new URL(desk.url);
    const setCookie = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/session',
          method: 'POST',
          headers: { 'content-type': 'application/json', host: 'desk.maple-ridge.example' },
        },
        (res) => {
          res.resume();
          resolve(String(res.headers['set-cookie'] ?? ''));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email: ACCOUNTS.priya.email, password: ACCOUNTS.priya.password }));
    });
    expect(setCookie).toMatch(/; Secure/);
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    const wrong = await postSignIn(desk.url, ACCOUNTS.daniel.email, 'not-the-password-x');
    const unknown = await postSignIn(desk.url, 'nobody@maple-ridge.example', 'whatever-pass-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a sign-in without an email or password (400) and a non-JSON body (415)', async () => {
    expect((await postSignIn(desk.url, '', 'x')).status).toBe(400);
    const form = await fetch(`${desk.url}/api/session`, { method: 'POST', body: 'email=a' });
    expect(form.status).toBe(415);
  });

  it('after 10 failures for one email: 429 with Retry-After, even with the right password, for 15 minutes', async () => {
    // The failures of the tests before are out of the window.
    clock += 16 * 60 * 1000;
    const email = ACCOUNTS.priya.email;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await postSignIn(desk.url, email, `wrong-password-${i}`)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const right = await postSignIn(desk.url, email, ACCOUNTS.priya.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Another account from the same loopback IP is refused too: ten failures came from it.
    expect(
      (await postSignIn(desk.url, ACCOUNTS.broker.email, ACCOUNTS.broker.password)).status,
    ).toBe(429);
    clock += 14 * 60 * 1000;
    expect((await postSignIn(desk.url, email, ACCOUNTS.priya.password)).status).toBe(429);
    clock += 61 * 1000;
    expect((await postSignIn(desk.url, email, ACCOUNTS.priya.password)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('ends a session after 12 hours idle, and keeps one that is used', async () => {
    const idle = await apiSignIn(desk.url, ACCOUNTS.broker);
    const busy = await apiSignIn(desk.url, ACCOUNTS.broker);
    clock += SESSION_IDLE_MS - 60 * 60 * 1000;
    expect((await api(desk.url, busy, '/api/session')).status).toBe(200);
    clock += 2 * 60 * 60 * 1000;
    expect((await api(desk.url, idle, '/api/session')).status).toBe(401);
    expect((await api(desk.url, busy, '/api/session')).status).toBe(200);
  });

  it('signs out: 204, the session row is deleted, the old cookie gets 401', async () => {
    const session = await apiSignIn(desk.url, ACCOUNTS.daniel);
    const out = await api(desk.url, session, '/api/session', { method: 'DELETE' });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await api(desk.url, session, '/api/session')).status).toBe(401);
    expect((await api(desk.url, session, '/api/leads')).status).toBe(401);
    const rows = await desk.services.database.db.selectFrom('sessions').select('id').execute();
    const users = await desk.services.database.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('u.email')
      .execute();
    expect(users.map((u) => u.email)).not.toContain(ACCOUNTS.daniel.email);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers 401 without a cookie, or with a made-up one, on every route', async () => {
    const forged = { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}`, csrf: 'x', setCookie: '' };
    for (const path of [
      '/api/session',
      '/api/leads',
      '/api/leads.csv',
      '/api/agents',
      '/api/numbers',
    ]) {
      expect((await api(desk.url, null, path)).status, path).toBe(401);
      expect((await api(desk.url, forged, path)).status, path).toBe(401);
    }
  });
});

describe('CSRF and origin', () => {
  it('refuses PATCH, POST and DELETE without the token or with a wrong one (403), and nothing changes', async () => {
    const id = await leadId('Cora Csrf');
    const session = await apiSignIn(desk.url, ACCOUNTS.broker);
    const other = await apiSignIn(desk.url, ACCOUNTS.broker);
    const lead = `/api/leads/${id}`;
    const attempts = [
      api(desk.url, session, lead, { method: 'PATCH', body: { status: 'Lost' }, csrf: false }),
      api(desk.url, { ...session, csrf: other.csrf }, lead, {
        method: 'PATCH',
        body: { status: 'Lost' },
      }),
      api(desk.url, session, `${lead}/notes`, { method: 'POST', body: { text: 'x' }, csrf: false }),
      api(desk.url, session, '/api/session', { method: 'DELETE', csrf: false }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('csrf');
    }
    const detail = (await (await api(desk.url, session, lead)).json()) as Record<string, unknown>;
    expect(detail.status).toBe('New');
    expect(detail.timeline).toHaveLength(1);
    const audit = await desk.services.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('capture_id', '=', id)
      .execute();
    expect(audit).toEqual([]);
    expect((await api(desk.url, session, '/api/session')).status).toBe(200);
  });

  it('refuses a change from another origin even with the token', async () => {
    const id = await leadId('Otto Origin');
    const session = await apiSignIn(desk.url, ACCOUNTS.broker);
    const res = await api(desk.url, session, `/api/leads/${id}`, {
      method: 'PATCH',
      body: { status: 'Lost' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const sign = await fetch(`${desk.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: ACCOUNTS.broker.email, password: ACCOUNTS.broker.password }),
    });
    expect(sign.status).toBe(403);
  });
});

describe('headers', () => {
  it('marks every API answer no-store, and the pages with a strict CSP and no framing', async () => {
    const session = await apiSignIn(desk.url, ACCOUNTS.broker);
    for (const path of ['/api/session', '/api/leads', '/api/numbers', '/api/agents', '/api/nope']) {
      const res = await api(desk.url, session, path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    for (const path of [
      '/inbox',
      '/inbox/',
      '/inbox/sign-in',
      '/inbox/numbers',
      `/inbox/leads/abc`,
    ]) {
      const res = await fetch(`${desk.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect([200, 503], path).toContain(res.status);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("media-src 'self' https:");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    expect((await fetch(`${desk.url}/inbox/elsewhere`)).status).toBe(404);
    expect((await fetch(`${desk.url}/inbox/assets/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});
