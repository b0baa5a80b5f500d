import { describe, expect, it } from 'vitest';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';

const inbox = inboxFixture();
const HOSTILE = '<img src=x onerror=alert(1)>';

describe('the broker works the leads', () => {
  it('signs in, lists the leads latest activity first, finds one by a word from its transcript and opens it', async () => {
    const { desk } = inbox;
    await desk.addLead({
      name: 'Olivia Older',
      capturedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await desk.addLead({
      name: 'Pat Pergola',
      email: 'pat@example.com',
      phone: '+1 604 555 0177',
      kind: 'viewing-request',
      preferredTimes: ['next Saturday at 2 pm'],
      messages: [
        { role: 'assistant', text: 'Hi! How can I help?', secondsFromStart: 0 },
        {
          role: 'user',
          text: 'Does the garden still have the cedar pergola?',
          secondsFromStart: 65,
        },
      ],
    });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      const rows = page
        .getByRole('table', { name: 'Leads, latest activity first' })
        .getByRole('row');
      await page.getByRole('link', { name: 'Olivia Older' }).waitFor();
      // Row 0 is the header: the lead with the latest activity comes first.
      await expect.poll(() => rows.nth(1).getByRole('link').textContent()).toBe('Pat Pergola');
      await expect.poll(() => rows.nth(1).textContent()).toMatch(/14 Linden Court/);
      // The desk's text for the time, by its pinned tz database: Vancouver keeps UTC-7 (MST)
      // from 1 November 2026, whatever the browser's own zone data says.
      const listed = await rows.nth(1).locator('td[data-label="Next viewing"] time').textContent();
      expect(listed).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}, 2:00 PM MST$/);

      await page.getByLabel('Search', { exact: true }).fill('pergola');
      await page.getByRole('link', { name: 'Olivia Older' }).waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('q')).toBe('pergola');
      await page.getByRole('link', { name: 'Pat Pergola' }).click();

      await page.getByRole('heading', { level: 1, name: 'Pat Pergola' }).waitFor();
      expect(await page.getByRole('link', { name: '+1 604 555 0177' }).getAttribute('href')).toBe(
        'tel:+16045550177',
      );
      expect(await page.getByRole('link', { name: 'pat@example.com' }).getAttribute('href')).toBe(
        'mailto:pat@example.com',
      );
      const transcript = page.getByRole('region', { name: 'Conversations' });
      await transcript.getByText('Does the garden still have the cedar pergola?').waitFor();
      expect(await transcript.getByRole('list', { name: 'Dialogue' }).innerText()).toMatch(
        /00:00\s+Assistant\s+Hi! How can I help\?\s+01:05\s+Visitor\s+Does the garden/,
      );
      const consent = page.getByRole('region', { name: 'Consent' });
      await consent.getByText('This call is recorded so our agents can follow up.').waitFor();
      await consent.getByText('disclosure-v1').waitFor();
      // The viewing time as the visitor said it, beside an absolute date and time with its zone.
      const viewings = page.getByRole('region', { name: 'Requested viewings' });
      await viewings.getByText('next Saturday at 2 pm').waitFor();
      // The same text as the list's, the email's and the calendar invite's.
      expect(await viewings.locator('.viewings time').first().textContent()).toBe(listed);
    });
  });

  it('changes a status and adds a note, announces each as saved, and both survive a reload', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({ name: 'Casey Status' });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.goto(`${desk.url}/inbox/leads/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Casey Status' }).waitFor();
      await page.getByLabel('Status', { exact: true }).selectOption('Contacted');
      await page.getByRole('status').filter({ hasText: 'Saved: status is Contacted.' }).waitFor();
      await page.getByLabel('Note', { exact: true }).fill('Called back, left a voicemail.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved: note added.' }).waitFor();
      await page.getByLabel('Assign to').selectOption({ label: 'Priya Sandhu' });
      await page
        .getByRole('status')
        .filter({ hasText: 'Saved: assigned to Priya Sandhu.' })
        .waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Casey Status' }).waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('Contacted');
      expect(await page.getByLabel('Assign to').inputValue()).toBe(ACCOUNTS.priya.email);
      await page
        .getByRole('region', { name: 'Notes' })
        .getByText('Called back, left a voicemail.')
        .waitFor();
      // The timeline only grows: the first line still names the agent it was received with.
      const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
      expect(await timeline.first().textContent()).toMatch(/Received, assigned to Daniel Okafor/);
      await timeline.filter({ hasText: 'Called back, left a voicemail.' }).waitFor();
      await timeline.filter({ hasText: /Priya Sandhu/ }).waitFor();
      await page.getByRole('link', { name: 'All leads' }).click();
      const row = page.getByRole('row').filter({ hasText: 'Casey Status' });
      await row.getByText('Contacted').waitFor();
    });
  });

  // Issue 27 §2: a note marked as a contact claims the lead for its writer.
  it('logs a text as a note with its Contact, which claims the lead, and both survive a reload', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({ name: 'Cleo Contact' });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.goto(`${desk.url}/inbox/leads/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Cleo Contact' }).waitFor();
      await page.getByLabel('Note', { exact: true }).fill('Sent the brochure.');
      await page.getByLabel('Contact', { exact: true }).selectOption({ label: 'Text' });
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved: text logged.' }).waitFor();
      // The choice goes back to None for the next note.
      expect(await page.getByLabel('Contact', { exact: true }).inputValue()).toBe('');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Cleo Contact' }).waitFor();
      await page
        .getByRole('region', { name: 'Notes' })
        .getByText('Text: Sent the brochure.')
        .waitFor();
      await page.getByText(`Claimed by ${ACCOUNTS.broker.name}`).waitFor();
      const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
      await timeline.filter({ hasText: 'Claimed by logging a contact' }).waitFor();
    });
  });

  // Issue 26: under load the select's value was read before its options arrived, and was empty.
  it('shows Assign to only together with its options, however late the agents arrive', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({ name: 'Lena Late' });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.route('**/api/agents', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(`${desk.url}/inbox/leads/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Lena Late' }).waitFor();
      expect(await page.getByLabel('Assign to').inputValue()).toBe(ACCOUNTS.daniel.email);
    });
  });

  it('shows the Agent and Listing filters from the address before the list arrives', async () => {
    const { desk } = inbox;
    await desk.addLead({
      name: 'Fern Filter',
      listing: { address: '9 Birch Lane', agentName: 'Priya Sandhu' },
    });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.route('**/api/leads?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      const query = new URLSearchParams({ agent: ACCOUNTS.priya.email, listing: '9 Birch Lane' });
      await page.goto(`${desk.url}/inbox?${query}`);
      await page.getByRole('status').filter({ hasText: 'Loading leads…' }).waitFor();
      expect(await page.getByLabel('Agent', { exact: true }).inputValue()).toBe(
        ACCOUNTS.priya.email,
      );
      expect(await page.getByLabel('Listing', { exact: true }).inputValue()).toBe('9 Birch Lane');
      await page.getByRole('link', { name: 'Fern Filter' }).waitFor();
      expect(await page.getByLabel('Agent', { exact: true }).inputValue()).toBe(
        ACCOUNTS.priya.email,
      );
    });
  });

  it('shows a hostile name as those characters: no image, no script, no dialog', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({
      name: HOSTILE,
      messages: [{ role: 'user', text: `My name is ${HOSTILE}`, secondsFromStart: 3 }],
    });
    await withInboxPage(inbox.browser, async (page, _context, problems) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      await page.getByRole('link', { name: HOSTILE, exact: true }).waitFor();
      expect(await page.evaluate(() => document.images.length)).toBe(0);
      await page.getByRole('link', { name: HOSTILE, exact: true }).click();
      await page.waitForURL(`**/inbox/leads/${await desk.leadIdOf(id)}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HOSTILE);
      await page.getByText(`My name is ${HOSTILE}`).waitFor();
      expect(await page.evaluate(() => document.images.length)).toBe(0);
      expect(problems.list.filter((line) => line.startsWith('dialog'))).toEqual([]);
    });
  });

  it('turns the table into stacked rows on a phone', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await signIn(page, desk.url, ACCOUNTS.broker);
      const row = page.getByRole('row').filter({ hasText: 'Casey Status' });
      await row.waitFor();
      const display = await row.evaluate((el) => getComputedStyle(el).display);
      expect(display).toBe('block');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
