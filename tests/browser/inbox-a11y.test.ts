import { describe, expect, it } from 'vitest';
import { inboxAxeViolations } from '../helpers/inbox-axe.ts';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';

const inbox = inboxFixture();

describe('axe on every inbox page', () => {
  it('sign-in (empty, then with its error), the list (desktop and phone), a lead, the numbers', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({
      name: 'Avery Axe',
      kind: 'viewing-request',
      messages: [
        { role: 'assistant', text: 'Hello, this is Nora.', secondsFromStart: 0 },
        { role: 'user', text: 'Can I see it on Saturday?', secondsFromStart: 7 },
      ],
    });
    await desk.addLead({
      name: 'Blair Second',
      listing: { address: '9 Birch Lane', agentName: 'Priya Sandhu' },
    });
    await withInboxPage(
      inbox.browser,
      async (page) => {
        await page.goto(`${desk.url}/inbox`);
        const form = page.getByRole('form', { name: 'Sign in' });
        await form.waitFor();
        expect(await inboxAxeViolations(page), 'sign-in').toEqual([]);
        await form.getByLabel('Email', { exact: true }).fill(ACCOUNTS.broker.email);
        await form.getByLabel('Password', { exact: true }).fill('not-it-at-all');
        await form.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
        expect(await inboxAxeViolations(page), 'sign-in with an error').toEqual([]);

        await signIn(page, desk.url, ACCOUNTS.broker);
        await page.getByRole('link', { name: 'Avery Axe' }).waitFor();
        expect(await inboxAxeViolations(page), 'list').toEqual([]);
        await page.setViewportSize({ width: 375, height: 800 });
        expect(await inboxAxeViolations(page), 'list on a phone').toEqual([]);
        await page.setViewportSize({ width: 1280, height: 900 });

        await page.getByRole('link', { name: 'Avery Axe' }).click();
        await page.getByRole('heading', { level: 1, name: 'Avery Axe' }).waitFor();
        await page.getByText('Can I see it on Saturday?').waitFor();
        expect(await inboxAxeViolations(page), 'lead').toEqual([]);
        await page.getByLabel('Status', { exact: true }).selectOption('Viewing booked');
        await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
        expect(await inboxAxeViolations(page), 'lead after a change').toEqual([]);

        await page.getByRole('link', { name: 'Numbers' }).click();
        await page.getByRole('heading', { level: 1, name: 'Numbers' }).waitFor();
        await page.getByRole('table', { name: /^By agent/ }).waitFor();
        expect(await inboxAxeViolations(page), 'numbers').toEqual([]);
        // The charts carry their numbers as text, and the tables hold the same figures.
        const chart = page.getByRole('img', { name: /^Bar chart, by agent/ });
        expect(await chart.getAttribute('aria-label')).toMatch(/\d+ captures/);
        await page.getByLabel('Last 7 days').check();
        await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
        await page.getByRole('heading', { level: 2, name: 'Last 7 days' }).waitFor();
        expect(await inboxAxeViolations(page), 'numbers, 7 days').toEqual([]);

        await page.goto(`${desk.url}/inbox/leads/00000000-0000-4000-8000-000000000000`);
        await page.getByRole('heading', { level: 1, name: 'Lead not found' }).waitFor();
        expect(await inboxAxeViolations(page), 'lead not found').toEqual([]);
        expect(id).toBeTruthy();
      },
      [/status of 401/, /status of 404/],
    );
  });

  it('moves by keyboard with a visible focus ring, and focus lands on the new page heading', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      // Signing in moves focus to the list's heading; a fresh load starts at the top.
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await page.goto(`${desk.url}/inbox`);
      await page.getByRole('link', { name: 'Avery Axe' }).waitFor();
      await page.keyboard.press('Tab');
      const skip = await page.evaluate(() => document.activeElement?.textContent);
      expect(skip).toBe('Skip to content');
      await page.getByRole('link', { name: 'Avery Axe' }).focus();
      const ring = await page.evaluate(
        () => getComputedStyle(document.activeElement as Element).outlineStyle,
      );
      expect(ring).toBe('solid');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Avery Axe' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    });
  });
});
