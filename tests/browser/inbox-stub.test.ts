import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { inboxAxeViolations as axeViolations } from '../helpers/inbox-axe.ts';
import { type InboxStub, startInboxStub } from '../helpers/inbox-stub.ts';

let stub: InboxStub;
let browser: Browser;
beforeAll(async () => {
  [stub, browser] = await Promise.all([startInboxStub(), launchChromium()]);
  stub.addLead({ name: 'Sam Rivera' });
  stub.addLead({
    name: '<img src=x onerror=alert(1)>',
    kind: 'viewing-request',
    viewingTimes: [
      { said: 'Saturday at 2', start: '2026-11-28T22:00:00Z', timeZone: 'America/Vancouver' },
    ],
    conversation: {
      id: 'c1',
      summary: 'Wants a viewing.',
      transcript: null,
      recordingUrl: 'https://example.com/r.mp3',
      durationSeconds: 125,
      endedReason: 'customer-ended-call',
      messages: [
        { role: 'assistant', text: 'Hi! How can I help?', secondsFromStart: 0 },
        { role: 'user', text: 'I love the pergola out back.', secondsFromStart: 4.2 },
      ],
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await stub?.close();
});

describe('inbox against the stub', () => {
  it('signs in, lists, opens, changes, numbers', async () => {
    await withPage(
      browser,
      async (page) => {
        page.on('dialog', () => {
          throw new Error('dialog');
        });
        await page.goto(`${stub.url}/inbox`);
        await page.getByRole('form', { name: 'Sign in' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.getByLabel('Email').fill('broker@test.local');
        await page.getByLabel('Password').fill('wrong');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('alert').filter({ hasText: 'do not match' }).waitFor();
        await page.getByLabel('Password').fill('broker-password-1');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
        await page.getByRole('link', { name: 'Sam Rivera' }).waitFor();
        await page.screenshot({ path: '/tmp/inbox-list.png', fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        await page.getByLabel('Search').fill('pergola');
        await page.getByRole('link', { name: 'Sam Rivera' }).waitFor({ state: 'detached' });
        await page.getByRole('link', { name: '<img src=x onerror=alert(1)>' }).click();
        await page.getByRole('heading', { name: 'Transcript' }).waitFor();
        await page.screenshot({ path: '/tmp/inbox-lead.png', fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        await page.getByLabel('Status').selectOption('Contacted');
        await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
        await page.reload();
        await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('Contacted');
        await page.setViewportSize({ width: 375, height: 800 });
        await page.getByRole('link', { name: 'Leads', exact: true }).click();
        await page.getByRole('link', { name: 'Sam Rivera' }).waitFor();
        await page.screenshot({ path: '/tmp/inbox-phone.png', fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByRole('link', { name: 'Numbers' }).click();
        await page.getByRole('table', { name: /By agent/ }).waitFor();
        await page.screenshot({ path: '/tmp/inbox-numbers.png', fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
      },
      [/status of 401/],
    );
  });
});
