import { describe, expect, it } from 'vitest';
import { until } from '../helpers/desk-harness.ts';
import { inboxAxeViolations } from '../helpers/inbox-axe.ts';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';
import { mailedLink } from '../helpers/mailed-link.ts';

// The outbox sends the invite and reset emails; with no delivery adapter, no lead's alert.
const inbox = inboxFixture({ deliver: true, adapters: [] });

/** The path of the newest invite or reset link the desk mailed to `to`. */
function linkMailed(to: string, kind: 'invite' | 'reset'): Promise<string> {
  return until(() => mailedLink(inbox.desk.desk.services.env.dataDir, to, kind), `${kind} email`);
}

describe('the team page', () => {
  it('adds an agent with no phone, invites them, and they set a password from the link', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page
        .getByRole('navigation', { name: 'Inbox' })
        .getByRole('link', { name: 'Team' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
      const table = page.getByRole('table', { name: 'The team' });
      await table.getByRole('rowheader', { name: /Daniel Okafor/ }).waitFor();
      expect(await inboxAxeViolations(page), 'team').toEqual([]);

      const form = page.getByRole('form', { name: 'Add an agent' });
      await form.getByLabel('Name').fill('Sam Lee');
      await form.getByLabel('Email').fill('sam@maple-ridge.example');
      await form.getByRole('button', { name: 'Add' }).click();
      const row = table.getByRole('row', { name: /Sam Lee/ });
      await row.getByText('None: email only').waitFor();
      await row.getByRole('button', { name: 'Invite Sam Lee' }).click();
      await page.getByText('Invite sent to sam@maple-ridge.example.').waitFor();
      // A pause from today to today (the fields' defaults): routing skips Sam today.
      await row.getByText('Pause Sam Lee', { exact: true }).click();
      await row.getByRole('button', { name: 'Save pause for Sam Lee' }).click();
      await row.getByText(/^Paused \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/).waitFor();
      expect(await inboxAxeViolations(page), 'team after changes').toEqual([]);
    });

    const link = await linkMailed('sam@maple-ridge.example', 'invite');
    await withInboxPage(
      inbox.browser,
      async (page) => {
        await page.goto(`${desk.url}${link}`);
        const form = page.getByRole('form', { name: 'Set your password' });
        await form.waitFor();
        expect(await inboxAxeViolations(page), 'set password').toEqual([]);
        await form.getByLabel('New password').fill('sams-own-password-1');
        await form.getByLabel('The same password again').fill('sams-own-password-1');
        await form.getByRole('button', { name: 'Save password' }).click();
        await page.getByRole('heading', { level: 1, name: 'Password set' }).waitFor();
        await page.getByRole('link', { name: 'Sign in' }).click();
        await signIn(page, desk.url, {
          email: 'sam@maple-ridge.example',
          name: 'Sam Lee',
          password: 'sams-own-password-1',
          role: 'agent',
        });
        // The link worked once.
        await page.goto(`${desk.url}${link}`);
        const again = page.getByRole('form', { name: 'Set your password' });
        await again.getByLabel('New password').fill('another-password-22');
        await again.getByLabel('The same password again').fill('another-password-22');
        await again.getByRole('button', { name: 'Save password' }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: /expired or was already used/ })
          .waitFor();
      },
      [/status of 401/, /status of 400/],
    );
  });

  it('deactivates an agent: signed out at once, and their open leads flagged to reassign', async () => {
    const { desk } = inbox;
    await desk.addLead({ name: 'Dora Daniels-Open' });
    await withInboxPage(inbox.browser, async (agentPage) => {
      await signIn(agentPage, desk.url, ACCOUNTS.daniel);
      await withInboxPage(inbox.browser, async (page) => {
        await signIn(page, desk.url, ACCOUNTS.broker);
        await page.goto(`${desk.url}/inbox/team`);
        const row = page.getByRole('row', { name: /Daniel Okafor/ });
        await row.getByRole('button', { name: 'Deactivate Daniel Okafor' }).click();
        await row.getByRole('button', { name: 'Confirm: deactivate Daniel Okafor' }).click();
        await row.getByText('Deactivated').waitFor();
        await row.getByRole('link', { name: /open leads? to reassign/ }).waitFor();
        expect(await inboxAxeViolations(page), 'team with a deactivated agent').toEqual([]);
      });
      // Daniel's next request is refused: the app goes back to the sign-in page.
      await agentPage.reload();
      await agentPage.getByRole('form', { name: 'Sign in' }).waitFor();
    });
  });

  it('answers "Forgot password?" the same for any email', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await page.goto(`${desk.url}/inbox/sign-in`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const form = page.getByRole('form', { name: 'Reset your password' });
      const ask = async (email: string) => {
        await form.getByLabel('Email').fill(email);
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/password-reset'));
        await form.getByRole('button', { name: 'Send the link' }).click();
        const body = await (await answered).text();
        // The button is back once the answer is shown.
        await form.getByRole('button', { name: 'Send the link', disabled: false }).waitFor();
        return { body, shown: await form.getByRole('status').textContent() };
      };
      const known = await ask(ACCOUNTS.priya.email);
      const unknown = await ask('nobody@maple-ridge.example');
      expect(known.shown).toMatch(/If that email belongs to an account/);
      expect(unknown).toEqual(known);
      expect(await inboxAxeViolations(page), 'forgot password').toEqual([]);
      expect(await linkMailed(ACCOUNTS.priya.email, 'reset')).toMatch(/^\/inbox\/reset#/);
    });
  });
});
