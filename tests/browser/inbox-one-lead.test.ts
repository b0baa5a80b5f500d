import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { inboxAxeViolations } from '../helpers/inbox-axe.ts';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';

const inbox = inboxFixture();

// Issue 26 §2: one person is one lead, whatever they sent and however often they came back.
describe('one person, one lead', () => {
  it('shows a lead, a viewing request and a return of one person as one row and one page with both conversations and the timeline', async () => {
    const { desk } = inbox;
    const morgan = { name: 'Morgan Twice', email: 'morgan@example.com', phone: '+1 604 555 0199' };
    const first = `call-${randomUUID()}`;
    const captureId = await desk.addLead({
      ...morgan,
      conversationId: first,
      messages: [
        { role: 'assistant', text: 'Hi! How can I help?', secondsFromStart: 0 },
        { role: 'user', text: 'Which school catchment is it in?', secondsFromStart: 4 },
      ],
    });
    await desk.addLead({
      ...morgan,
      conversationId: first,
      kind: 'viewing-request',
      preferredTimes: ['Saturday at 2 pm'],
    });
    // A week's worth later, by chat, about another home: the same email, so the same person.
    await desk.addLead({
      ...morgan,
      listing: { address: '9 Birch Lane', id: 'MRR-9-BIRCH' },
      messages: [{ role: 'user', text: 'Calling back about the roof on Birch.' }],
    });
    const leadId = await desk.leadIdOf(captureId);

    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.getByRole('link', { name: 'Morgan Twice' }).waitFor();
      expect(await page.getByRole('link', { name: 'Morgan Twice' }).count()).toBe(1);
      const row = page.getByRole('row').filter({ hasText: 'Morgan Twice' });
      expect(await row.locator('td[data-label="Listings"]').innerText()).toMatch(
        /9 Birch Lane\s+14 Linden Court/,
      );
      expect(await row.locator('td[data-label="Next viewing"] time').textContent()).toMatch(
        /2:00 PM/,
      );
      // The same row is found by a word only the second conversation said.
      await page.getByLabel('Search', { exact: true }).fill('roof');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('roof');
      // Export CSV has a line per lead: the person's three captures are one line.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const lines = (await readFile((await download.path()) ?? '', 'utf8'))
        .split('\r\n')
        .filter((line) => line !== '');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([leadId]);
      expect(lines[1]).toContain('Morgan Twice');
      await page.getByRole('link', { name: 'Morgan Twice' }).click();

      await page.waitForURL(`**/inbox/leads/${leadId}`);
      await page.getByRole('heading', { level: 1, name: 'Morgan Twice' }).waitFor();
      const captures = page
        .getByRole('region', { name: 'Captures' })
        .getByRole('heading', { level: 3 });
      await expect.poll(() => captures.allTextContents()).toHaveLength(3);
      expect((await captures.allTextContents()).map((text) => text.split(',')[0])).toEqual([
        'Details left',
        'Viewing request',
        'Details left',
      ]);
      const conversations = page.getByRole('region', { name: 'Conversations' });
      await conversations.getByText('Which school catchment is it in?').waitFor();
      await conversations.getByText('Calling back about the roof on Birch.').waitFor();
      await conversations.getByRole('heading', { name: /^Conversation 2 of 2, / }).waitFor();
      await page
        .getByRole('region', { name: 'Requested viewings' })
        .getByText('Saturday at 2 pm')
        .waitFor();
      const history = page.getByRole('region', { name: 'Consent' }).getByRole('listitem');
      expect(await history.count()).toBe(3);
      const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
      await timeline.filter({ hasText: /^.*Returned/ }).waitFor();
      expect(await timeline.first().textContent()).toMatch(/Received, assigned to Daniel Okafor/);
      expect(await inboxAxeViolations(page), 'a lead with two conversations').toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await inboxAxeViolations(page), 'the lead on a phone').toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 900 });

      // An old link to the viewing request's capture shows the lead, at the lead's address.
      await page.goto(`${desk.url}/inbox/leads/${captureId}`);
      await page.waitForURL(`**/inbox/leads/${leadId}`);
      await page.getByRole('heading', { level: 1, name: 'Morgan Twice' }).waitFor();
    });
  });

  it('lets a broker merge a lead into another of the same person: confirmed, audited, and the old address shows the survivor', async () => {
    const { desk } = inbox;
    const fromCapture = await desk.addLead({ name: 'Jordan Merge', email: 'jordan@one.example' });
    const intoCapture = await desk.addLead({
      name: 'Jordan Merge',
      email: 'jordan@two.example',
      listing: { address: '9 Birch Lane', id: 'MRR-9-BIRCH' },
    });
    const from = await desk.leadIdOf(fromCapture);
    const into = await desk.leadIdOf(intoCapture);

    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await expect.poll(() => page.getByRole('link', { name: 'Jordan Merge' }).count()).toBe(2);
      await page.goto(`${desk.url}/inbox/leads/${from}`);
      await page.getByRole('heading', { level: 1, name: 'Jordan Merge' }).waitFor();
      // Cancel gives focus back to the button that opened it.
      const opener = page.getByRole('button', { name: 'Merge…' });
      await opener.click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
      await opener.click();
      await expect
        .poll(() =>
          page.getByLabel('Find the other lead').evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
      await page.getByLabel('Find the other lead').fill('jordan@two.example');
      const choice = page.getByLabel('Merge into');
      await expect.poll(() => choice.getByRole('option', { name: /9 Birch Lane/ }).count()).toBe(1);
      expect(await choice.getByRole('option', { name: /14 Linden Court/ }).count()).toBe(0);
      expect(await inboxAxeViolations(page), 'merge, choosing').toEqual([]);
      await choice.selectOption({
        label: (await choice.locator('option').nth(1).textContent()) ?? '',
      });
      await page.getByRole('button', { name: 'Merge', exact: true }).click();
      const confirm = page.getByRole('button', { name: 'Confirm merge' });
      await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await inboxAxeViolations(page), 'merge, confirming').toEqual([]);
      await confirm.click();

      await page.waitForURL(`**/inbox/leads/${into}`);
      await page.getByRole('status').filter({ hasText: 'Merged into Jordan Merge.' }).waitFor();
      const captures = page
        .getByRole('region', { name: 'Captures' })
        .getByRole('heading', { level: 3 });
      await expect.poll(() => captures.count()).toBe(2);
      await page
        .getByRole('region', { name: 'Timeline' })
        .getByRole('listitem')
        .filter({ hasText: /Merged with/ })
        .waitFor();

      // The merged lead's address shows the lead it went into.
      await page.goto(`${desk.url}/inbox/leads/${from}`);
      await page.waitForURL(`**/inbox/leads/${into}`);
      await page.getByRole('heading', { level: 1, name: 'Jordan Merge' }).waitFor();
      await page.getByRole('link', { name: 'All leads' }).click();
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'Jordan Merge' }).count()).toBe(1);
    });
    const audited = await desk.desk.services.database.db
      .selectFrom('audit_log')
      .select(['user_email', 'lead_id'])
      .where('action', '=', 'merge')
      .execute();
    expect(audited).toEqual([{ user_email: ACCOUNTS.broker.email, lead_id: into }]);
  });

  it('offers Merge… to brokers only', async () => {
    const { desk } = inbox;
    const id = await desk.leadIdOf(await desk.addLead({ name: 'Ari Agent' }));
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.daniel);
      await page.goto(`${desk.url}/inbox/leads/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Ari Agent' }).waitFor();
      await page.getByRole('button', { name: 'Add note' }).waitFor();
      expect(await page.getByRole('button', { name: 'Merge…' }).count()).toBe(0);
    });
  });
});
