import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { inboxAxeViolations } from '../helpers/inbox-axe.ts';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';

const inbox = inboxFixture();

describe("a person's data on the lead's page", () => {
  it('lets a broker download the JSON, then delete the person after typing DELETE', async () => {
    const { desk } = inbox;
    const captureId = await desk.addLead({
      name: 'Riley Rights',
      email: 'riley.rights@example.com',
      messages: [{ role: 'user', text: 'Please send me the floor plans.', secondsFromStart: 4 }],
    });
    const leadId = await desk.leadIdOf(captureId);
    await desk.addLead({ name: 'Stays Here' });
    const peopleNames = async () =>
      (await desk.desk.services.database.db.selectFrom('people').select('name').execute()).map(
        (p) => p.name,
      );

    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.goto(`${desk.url}/inbox/leads/${leadId}`);
      await page.getByRole('heading', { level: 1, name: 'Riley Rights' }).waitFor();
      const panel = page.getByRole('region', { name: 'Their data' });
      await panel.waitFor();
      expect(await inboxAxeViolations(page), 'lead with its data panel').toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('link', { name: 'Export data' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`person-${leadId}.json`);
      const data = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<
        string,
        Array<Record<string, unknown>>
      >;
      expect(data.people).toEqual([
        expect.objectContaining({ name: 'Riley Rights', email: 'riley.rights@example.com' }),
      ]);
      expect(data.captures).toHaveLength(1);
      expect(JSON.stringify(data.conversations)).toContain('Please send me the floor plans.');

      await panel.getByRole('button', { name: 'Delete person…' }).click();
      const form = page.getByRole('form', { name: 'Delete person' });
      const confirm = form.getByLabel('Type DELETE to confirm');
      await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await inboxAxeViolations(page), 'delete confirmation open').toEqual([]);
      // A lower-case word is not the confirmation: nothing is deleted.
      await confirm.fill('delete');
      await form.getByRole('button', { name: 'Delete person', exact: true }).click();
      await form.getByRole('alert').filter({ hasText: 'Type DELETE in capitals' }).waitFor();
      expect(await inboxAxeViolations(page), 'delete confirmation with an error').toEqual([]);
      expect(await peopleNames()).toContain('Riley Rights');

      await confirm.fill('DELETE');
      await form.getByRole('button', { name: 'Delete person', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: 'Deleted Riley Rights: 1 lead(s), 1 capture(s)' })
        .waitFor();
      await page.getByRole('link', { name: 'Stays Here' }).waitFor();
      expect(await page.getByRole('link', { name: 'Riley Rights' }).count()).toBe(0);
      expect(await inboxAxeViolations(page), 'leads after a deletion').toEqual([]);
    });
    expect(await peopleNames()).toEqual(['Stays Here']);
  });

  it("shows an agent no export or delete, even on the agent's own lead", async () => {
    const { desk } = inbox;
    // The default listing, MRR-14-LINDEN, goes to Daniel.
    const leadId = await desk.leadIdOf(await desk.addLead({ name: 'Agent Only' }));
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.daniel);
      await page.goto(`${desk.url}/inbox/leads/${leadId}`);
      await page.getByRole('heading', { level: 1, name: 'Agent Only' }).waitFor();
      await page.getByRole('region', { name: 'Notes' }).waitFor();
      expect(await page.getByRole('region', { name: 'Their data' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Export data' }).count()).toBe(0);
    });
  });
});
