import { describe, expect, it } from 'vitest';
import { ACCOUNTS, inboxFixture, withInboxPage } from '../helpers/inbox-desk.ts';

// Its own desk: ten failures from 127.0.0.1 close sign-in from that address for 15 minutes.
const inbox = inboxFixture();

describe('sign-in rate limit', () => {
  it('refuses the 11th wrong password with 429 and says to try again in 15 minutes', async () => {
    const { desk } = inbox;
    await withInboxPage(
      inbox.browser,
      async (page) => {
        await page.goto(`${desk.url}/inbox/sign-in`);
        const form = page.getByRole('form', { name: 'Sign in' });
        await form.getByLabel('Email', { exact: true }).fill(ACCOUNTS.broker.email);
        const statuses: number[] = [];
        const attempt = async (password: string) => {
          await form.getByLabel('Password', { exact: true }).fill(password);
          const answered = page.waitForResponse(
            (r) => r.url().endsWith('/api/session') && r.request().method() === 'POST',
          );
          await form.getByRole('button', { name: 'Sign in' }).click();
          statuses.push((await answered).status());
        };
        for (let i = 1; i <= 11; i++) {
          await attempt(`wrong-password-${i}`);
        }
        expect(statuses).toEqual([...Array(10).fill(401), 429]);
        await page.getByRole('alert').filter({ hasText: 'Too many attempts' }).waitFor();
        expect(await page.getByRole('alert').textContent()).toMatch(/try again in 15 minutes/);
        // The right password is refused too while the limit holds.
        await attempt(ACCOUNTS.broker.password);
        expect(statuses.at(-1)).toBe(429);
      },
      [/status of 401/, /status of 429/],
    );
  });
});
