import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, api, apiSignIn, createAccounts, postSignIn } from '../helpers/inbox-api.ts';

// The desk's clock, moved by the tests (a session's whole life).
let clock = Date.parse('2026-11-25T18:00:00Z');
let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk(
    { DESK_SESSION_IDLE_HOURS: '6', DESK_SESSION_MAX_DAYS: '2' },
    { deliver: false, weeklyReport: false, now: () => new Date(clock) },
  );
  await createAccounts(desk.services.database.db);
}, 120_000);
afterAll(() => desk?.close());

const HOUR = 60 * 60 * 1000;

describe('the sign-in limit under parallel guesses', () => {
  it('checks 10 of 30 wrong passwords sent at once and refuses the rest with 429', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postSignIn(desk.url, ACCOUNTS.daniel.email, `wrong-password-${i}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The right password is refused too, until the window has passed.
    expect(
      (await postSignIn(desk.url, ACCOUNTS.daniel.email, ACCOUNTS.daniel.password)).status,
    ).toBe(429);
    clock += 16 * 60 * 1000;
    expect(
      (await postSignIn(desk.url, ACCOUNTS.daniel.email, ACCOUNTS.daniel.password)).status,
    ).toBe(200);
  });

  it('gives back the place of a right password: ten good sign-ins leave no failure behind', async () => {
    clock += 16 * 60 * 1000;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        postSignIn(desk.url, ACCOUNTS.priya.email, ACCOUNTS.priya.password),
      ),
    );
    expect((await postSignIn(desk.url, ACCOUNTS.priya.email, ACCOUNTS.priya.password)).status).toBe(
      200,
    );
  });
});

describe('session lifetime (DESK_SESSION_IDLE_HOURS=6, DESK_SESSION_MAX_DAYS=2)', () => {
  it('ends an idle session after the configured hours', async () => {
    clock += 16 * 60 * 1000;
    const session = await apiSignIn(desk.url, ACCOUNTS.broker);
    clock += 5 * HOUR;
    expect((await api(desk.url, session, '/api/session')).status).toBe(200);
    clock += 6 * HOUR + 60_000;
    expect((await api(desk.url, session, '/api/session')).status).toBe(401);
  });

  it('ends a session used every few hours once it is older than the configured days', async () => {
    const session = await apiSignIn(desk.url, ACCOUNTS.broker);
    for (let hours = 4; hours < 48; hours += 4) {
      clock += 4 * HOUR;
      expect((await api(desk.url, session, '/api/session')).status, `${hours} h`).toBe(200);
    }
    clock += 5 * HOUR;
    expect((await api(desk.url, session, '/api/session')).status).toBe(401);
    // Gone for good: the row was deleted, so moving back in time does not revive it.
    clock -= 8 * HOUR;
    expect((await api(desk.url, session, '/api/session')).status).toBe(401);
  });
});
