import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { inboxAxeViolations } from '../helpers/inbox-axe.ts';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';

const inbox = inboxFixture();

describe('a lead worked end to end', () => {
  it('shows the conversation (summary, recording, duration, ended reason), and retries a failed delivery', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({
      name: 'Rory Recording',
      messages: [
        { role: 'assistant', text: 'Hi! How can I help?', secondsFromStart: 0 },
        { role: 'user', text: 'Is the deck south facing?', secondsFromStart: 12 },
      ],
    });
    const { db } = desk.desk.services.database;
    // What the platform's end-of-call report and a refusing mail server leave behind.
    const lead = await db
      .selectFrom('captures')
      .select('conversation_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('conversations')
      .set({
        summary: 'Asked whether the deck faces south.',
        recording_url: 'https://recordings.example/rory.mp3',
      })
      .where('id', '=', lead.conversation_id ?? '')
      .execute();
    await db
      .updateTable('deliveries')
      .set({ status: 'dead', attempts: 3, last_error: 'SMTP 550 5.1.1 after RCPT' })
      .where('capture_id', '=', id)
      .execute();

    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.goto(`${desk.url}/inbox/leads/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Rory Recording' }).waitFor();
      const transcript = page.getByRole('region', { name: 'Conversations' });
      await transcript.getByText('Asked whether the deck faces south.').waitFor();
      // 95 seconds, as the duration is written.
      await transcript.getByText('2 min', { exact: true }).waitFor();
      await transcript.getByText('customer-ended-call').waitFor();
      const audio = transcript.locator('audio');
      expect(await audio.getAttribute('src')).toBe('https://recordings.example/rory.mp3');
      expect(await audio.getAttribute('controls')).not.toBeNull();
      await page.getByRole('region', { name: 'Consent' }).getByText('disclosure-v1').waitFor();

      const deliveries = page.getByRole('region', { name: 'Deliveries' });
      await deliveries.getByText('SMTP 550 5.1.1 after RCPT').waitFor();
      // Every job about the lead, in words: the alert, and the reply that follows the conversation.
      const alert = deliveries
        .getByRole('listitem')
        .filter({ hasText: 'Email alert to Daniel Okafor' });
      const reply = deliveries
        .getByRole('listitem')
        .filter({ hasText: 'Email reply to Daniel Okafor' });
      await alert.getByText('Failed', { exact: true }).waitFor();
      await reply.getByText('Queued', { exact: true }).waitFor();
      expect(await inboxAxeViolations(page), 'lead with a failed delivery').toEqual([]);
      await deliveries.getByRole('button', { name: 'Retry Email alert to Daniel Okafor' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Saved: Email alert to Daniel Okafor queued again.' })
        .waitFor();
      // Tried three times before: a retry, due at once, with the desk's own time text.
      await alert.getByText(/^Retrying, next try \w+day, /).waitFor();
      expect(await deliveries.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
      const job = await db
        .selectFrom('deliveries')
        .select('status')
        .where('capture_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('pending');
      await page
        .getByRole('region', { name: 'Timeline' })
        .getByText('Email alert to Daniel Okafor: sent again')
        .waitFor();
    });
  });

  it('hides Demo leads once real ones exist, shows them on request, loads more by keyset and exports the filtered list', async () => {
    const { desk } = inbox;
    // More than one page (50) of leads; the list is newest received first.
    for (let i = 0; i < 51; i++) {
      await desk.addLead({ name: `Bulk Lead ${String(i).padStart(2, '0')}` });
    }
    await desk.addLead({ name: 'Dee Demo', demo: true });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.getByRole('link', { name: 'Bulk Lead 50' }).waitFor();
      expect(await page.getByRole('link', { name: 'Dee Demo' }).count()).toBe(0);
      const demo = page.getByLabel('Show Demo leads');
      expect(await demo.isChecked()).toBe(false);
      await demo.check();
      await page
        .getByRole('row')
        .filter({ hasText: 'Dee Demo' })
        .getByText('Demo', { exact: true })
        .waitFor();
      expect(new URL(page.url()).searchParams.get('demo')).toBe('show');
      expect(await inboxAxeViolations(page), 'list with demo leads').toEqual([]);
      await demo.uncheck();
      await page.getByRole('link', { name: 'Dee Demo' }).waitFor({ state: 'detached' });

      expect(await page.getByRole('link', { name: 'Bulk Lead 00' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.getByRole('link', { name: 'Bulk Lead 00' }).waitFor();
      const links = await page.getByRole('link', { name: /^Bulk Lead/ }).allTextContents();
      expect(new Set(links).size).toBe(links.length);

      await page.getByLabel('Search', { exact: true }).fill('Bulk Lead 07');
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Bulk Lead 50' }).waitFor({ state: 'detached' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = await readFile((await download.path()) ?? '', 'utf8');
      expect(csv.split('\r\n')[0]).toMatch(/^id,received_at,kind,status,name/);
      expect(csv).toContain('Bulk Lead 07');
      expect(csv).not.toContain('Bulk Lead 08');
    });
    const exports = await desk.desk.services.database.db
      .selectFrom('audit_log')
      .select(['user_email', 'detail'])
      .where('action', '=', 'export')
      .execute();
    expect(exports).toHaveLength(1);
    expect(exports[0]?.user_email).toBe(ACCOUNTS.broker.email);
  });

  it('shows a status change on the numbers page (speed to lead and time to claim by agent)', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({ name: 'Nina Numbers' });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.daniel);
      await page.goto(`${desk.url}/inbox/numbers?days=7`);
      const byAgent = page.getByRole('table', { name: /^By agent/ });
      const row = byAgent.getByRole('row').filter({ hasText: 'Daniel Okafor' });
      await row.waitFor();
      const before = await row.textContent();
      await page.goto(`${desk.url}/inbox/leads/${id}`);
      await page.getByLabel('Status', { exact: true }).selectOption('Contacted');
      await page.getByRole('status').filter({ hasText: 'Saved: status is Contacted.' }).waitFor();
      await page.goto(`${desk.url}/inbox/numbers?days=7`);
      await row.waitFor();
      await expect.poll(() => row.textContent()).not.toBe(before);
      // Contacted claimed the lead for Daniel (issue 27 §2): time to claim names him.
      await page
        .getByRole('table', { name: /^Time to claim/ })
        .getByRole('row')
        .filter({ hasText: 'Daniel Okafor' })
        .waitFor();
      expect(await inboxAxeViolations(page), 'numbers for an agent').toEqual([]);
    });
  });
});
