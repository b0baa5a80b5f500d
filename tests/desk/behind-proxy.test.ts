import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, createAccounts } from '../helpers/inbox-api.ts';

// The test speaks from 127.0.0.1, as a proxy on the desk's machine would, naming its clients in
// X-Forwarded-For. One desk trusts 127.0.0.1 (DESK_TRUSTED_PROXIES); the other trusts nobody.
const CLIENT_A = '203.0.113.7';
const CLIENT_B = '198.51.100.9';
const PUBLIC = 'https://desk.maple-ridge.example';

let proxied: TestDesk;
let direct: TestDesk;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestDesk(
      {
        DESK_TRUSTED_PROXIES: '127.0.0.1, ::1',
        DESK_LEADS_PER_MINUTE: '2',
        DESK_PLATFORM_PER_MINUTE: '2',
      },
      { deliver: false, weeklyReport: false },
    ),
    startTestDesk(
      { DESK_PUBLIC_URL: PUBLIC, DESK_LEADS_PER_MINUTE: '2' },
      { deliver: false, weeklyReport: false },
    ),
  ]);
  await Promise.all([
    createAccounts(proxied.services.database.db),
    createAccounts(direct.services.database.db),
  ]);
}, 120_000);
afterAll(() => Promise.all([proxied?.close(), direct?.close()]));

let leads = 0;
function uniqueLead(): Record<string, unknown> {
  leads += 1;
  return leadBody({ conversationId: `proxy-${leads}`, toolCallId: `tool-${leads}` });
}

function signIn(
  desk: TestDesk,
  forwardedFor: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${desk.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...headers },
    body: JSON.stringify({ email, password }),
  });
}

// Ten wrong sign-ins, each for another unknown email, so only the per-client count is reached.
async function tenFailures(desk: TestDesk, forwardedFor: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await signIn(desk, forwardedFor, `nobody-${i}@example.com`, 'wrong-password-x');
    statuses.push(res.status);
  }
  return statuses;
}

describe('behind a trusted proxy', () => {
  it('refuses client A after 10 wrong sign-ins, and client B still signs in', async () => {
    expect(await tenFailures(proxied, CLIENT_A)).toEqual(Array(10).fill(401));
    const a = await signIn(proxied, CLIENT_A, ACCOUNTS.broker.email, ACCOUNTS.broker.password);
    expect(a.status).toBe(429);
    // A hop A writes itself, left of what the proxy appended, changes nothing.
    const spoofed = await signIn(
      proxied,
      `${CLIENT_B}, ${CLIENT_A}`,
      ACCOUNTS.broker.email,
      ACCOUNTS.broker.password,
    );
    expect(spoofed.status).toBe(429);
    const b = await signIn(proxied, CLIENT_B, ACCOUNTS.broker.email, ACCOUNTS.broker.password);
    expect(b.status).toBe(200);
  });

  it('counts DESK_LEADS_PER_MINUTE per client', async () => {
    const post = (client: string) =>
      postJson(`${proxied.url}/leads`, uniqueLead(), { 'x-forwarded-for': client }).then(
        (r) => r.status,
      );
    expect([await post(CLIENT_A), await post(CLIENT_A), await post(CLIENT_A)]).toEqual([
      201, 201, 429,
    ]);
    expect(await post(CLIENT_B)).toBe(201);
  });

  it('counts DESK_PLATFORM_PER_MINUTE per client, before the secret is checked', async () => {
    const post = (client: string) =>
      fetch(`${proxied.url}/platform/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: '{}',
      }).then((r) => r.status);
    // No DESK_PLATFORM_SECRET here: the webhook answers 503 until the limit answers 429.
    expect([await post(CLIENT_A), await post(CLIENT_A), await post(CLIENT_A)]).toEqual([
      503, 503, 429,
    ]);
    expect(await post(CLIENT_B)).toBe(503);
  });

  it('takes the forwarded scheme and host as the public origin: HTTPS signs in, Secure cookie', async () => {
    const forwarded = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'desk.maple-ridge.example',
    };
    const ok = await signIn(proxied, CLIENT_B, ACCOUNTS.priya.email, ACCOUNTS.priya.password, {
      ...forwarded,
      origin: PUBLIC,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/; Secure/);
    const other = await signIn(proxied, CLIENT_B, ACCOUNTS.priya.email, ACCOUNTS.priya.password, {
      ...forwarded,
      origin: 'http://desk.maple-ridge.example',
    });
    expect(other.status).toBe(403);
  });
});

describe('without DESK_TRUSTED_PROXIES', () => {
  it('ignores a spoofed X-Forwarded-For: the limit holds for the socket address', async () => {
    expect(await tenFailures(direct, CLIENT_A)).toEqual(Array(10).fill(401));
    const b = await signIn(direct, CLIENT_B, ACCOUNTS.broker.email, ACCOUNTS.broker.password);
    expect(b.status).toBe(429);
    const post = (client: string) =>
      postJson(`${direct.url}/leads`, uniqueLead(), { 'x-forwarded-for': client }).then(
        (r) => r.status,
      );
    expect([await post(CLIENT_A), await post(CLIENT_B), await post('192.0.2.1')]).toEqual([
      201, 201, 429,
    ]);
  });

  it('compares Origin with DESK_PUBLIC_URL, whatever X-Forwarded-Proto says', async () => {
    const { setCookie, status } = await fetch(`${direct.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-x' }),
    }).then((r) => ({ status: r.status, setCookie: r.headers.get('set-cookie') }));
    // Past the origin check, to the sign-in limit this address reached in the test before.
    expect(status).toBe(429);
    expect(setCookie).toBeNull();
    const own = await fetch(`${direct.url}/api/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: direct.url,
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-x' }),
    });
    expect(own.status).toBe(403);
  });
});
