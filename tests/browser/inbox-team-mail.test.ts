import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxAxeViolations } from '../helpers/inbox-axe.ts';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../helpers/smtp-stand-in.ts';

// The Invite click answers before the queue sends the email: when the mail server refuses it,
// the team page must say so, and what to do, without a reload.
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp?.close());
// No weekly report: the mail server's one refusal is the invite's.
const inbox = inboxFixture({ deliver: true, adapters: [], weeklyReport: false }, () => ({
  SMTP_URL: smtp.url,
}));

describe('the team page, when the mail server refuses an invite', () => {
  it('says in the member’s row that it could not be sent and what to do', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.goto(`${desk.url}/inbox/team`);
      const table = page.getByRole('table', { name: 'The team' });
      const form = page.getByRole('form', { name: 'Add an agent' });
      await form.getByLabel('Name').fill('Ria Mendes');
      await form.getByLabel('Email').fill('ria@maple-ridge.example');
      await form.getByRole('button', { name: 'Add' }).click();
      const row = table.getByRole('row', { name: /Ria Mendes/ });
      await row.getByText('None: email only').waitFor();

      smtp.rejectNext(1, 550);
      await row.getByRole('button', { name: 'Invite Ria Mendes' }).click();
      await page.getByText('Invite sent to ria@maple-ridge.example.').waitFor();
      await row
        .getByText(
          "Invite email could not be sent: check the desk's mail settings (SMTP_URL), then send it again.",
        )
        .waitFor();
      const toRia = () => smtp.messages.filter((m) => m.to.includes('ria@maple-ridge.example'));
      expect(toRia()).toEqual([]);
      expect(await inboxAxeViolations(page), 'team with a failed invite').toEqual([]);

      // Sent again once the mail server takes it: the row says nothing more.
      await row.getByRole('button', { name: /Invite Ria Mendes/ }).click();
      await row.getByText(/Invite email/).waitFor({ state: 'detached' });
      expect(toRia()).toHaveLength(1);
    });
  });
});
