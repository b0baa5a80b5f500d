import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RoutingView, TeamList } from '../../desk/inbox/api-contract.ts';
import { api, apiSignIn } from '../helpers/inbox-api.ts';
import { inboxAxeViolations } from '../helpers/inbox-axe.ts';
import {
  ACCOUNTS,
  EXPECTED_LOAD_ERRORS,
  inboxFixture,
  signIn,
  withInboxPage,
} from '../helpers/inbox-desk.ts';

const inbox = inboxFixture();

/** The accessible name of what has focus. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLElement ? el.innerText.replace(/\s+/g, ' ').trim() : '';
  });

/** Daniel on duty, through the team's API: the try's answer is his however duty counts. */
async function putDanielOnDuty(): Promise<void> {
  const { url } = inbox.desk;
  const broker = await apiSignIn(url, ACCOUNTS.broker);
  const team = (await (await api(url, broker, '/api/team')).json()) as TeamList;
  const daniel = team.members.find((m) => m.email === ACCOUNTS.daniel.email);
  const answer = await api(url, broker, `/api/team/${daniel?.id}`, {
    method: 'PATCH',
    body: { onDuty: true },
  });
  expect(answer.status).toBe(200);
}

describe('the Routing page', () => {
  it('lets the broker add a round-robin rule, move it first, save it and try a lead on it', async () => {
    const { desk } = inbox;
    await putDanielOnDuty();
    await withInboxPage(
      inbox.browser,
      async (page) => {
        await signIn(page, desk.url, ACCOUNTS.broker);
        await page
          .getByRole('navigation', { name: 'Inbox' })
          .getByRole('link', { name: 'Routing' })
          .click();
        await page.getByRole('heading', { level: 1, name: 'Routing' }).waitFor();
        // The default rules, in words; the catch-all says it stays.
        await page.getByRole('heading', { level: 3, name: /Listing agent/ }).waitFor();
        await page.getByText('Every lead').first().waitFor();
        await page.getByText(/cannot be moved or\s+deleted/).waitFor();
        expect(await inboxAxeViolations(page), 'routing').toEqual([]);

        await page.getByRole('button', { name: 'Add rule' }).click();
        const form = page.getByRole('form', { name: 'Edit the rule' });
        await form.getByLabel('Rule name').fill('Kitsilano viewings');
        await form.getByLabel('Cities').fill('Kitsilano, ');
        await form.getByLabel('Kind').selectOption('viewing');
        await form.getByLabel('Who gets the lead').selectOption('round-robin');

        // The one agent the rule had is the round robin's first member; without them it is
        // empty, and the desk's 400 shows beside the members, in the rule's form.
        const members = form.getByRole('group', { name: 'Round robin members' });
        await members.getByRole('checkbox', { name: /Daniel Okafor/ }).uncheck();
        await page.getByText('Unsaved changes', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Save changes' }).click();
        await members.getByText('A round robin needs at least one member').waitFor();
        // Focus went to the members, where the words are.
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent,
            ),
          )
          .toBe('Round robin members');
        expect(await inboxAxeViolations(page), 'rule form with a refusal').toEqual([]);

        await members.getByRole('checkbox', { name: /Daniel Okafor/ }).check();
        await members.getByLabel('Weight for Daniel Okafor').fill('2');
        await members.getByRole('checkbox', { name: /Priya Sandhu/ }).check();
        await form.getByRole('button', { name: 'Done editing Kitsilano viewings' }).click();
        const rule = page.getByRole('listitem').filter({
          has: page.getByRole('heading', { name: /Kitsilano viewings/ }),
        });
        await rule.getByText('Listing in Kitsilano, viewing requests').waitFor();
        await rule.getByText('Round robin: Daniel ×2, Priya ×1').waitFor();

        // Moved first by keyboard: focus stays on the rule's buttons as it climbs.
        await rule.getByRole('button', { name: 'Move Kitsilano viewings up' }).focus();
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByRole('heading', { level: 3 }).nth(1).innerText())
          .toMatch(/^2\.\s+Kitsilano viewings$/);
        await expect.poll(() => focusedName(page)).toBe('Move Kitsilano viewings up');
        await page.keyboard.press('Enter');
        // At the top "up" is disabled: focus went to "down".
        await expect.poll(() => focusedName(page)).toBe('Move Kitsilano viewings down');
        await expect
          .poll(() => page.getByRole('heading', { level: 3 }).first().innerText())
          .toMatch(/^1\.\s+Kitsilano viewings$/);

        const save = page.getByRole('button', { name: 'Save changes' });
        await save.dblclick();
        await page.getByText('Unsaved changes', { exact: true }).waitFor({ state: 'detached' });
        await page.getByText(/last saved by/).waitFor();
        // The second click of the double click sent nothing: no conflict with its own save.
        expect(await page.getByText(/Someone else changed/).count()).toBe(0);

        // Try a lead: a viewing request on a Kitsilano listing goes to the round robin.
        const tryForm = page.getByRole('form', { name: 'Try a lead' });
        await tryForm.getByLabel('Kind').selectOption('viewing');
        await tryForm.getByLabel('Address').fill('2150 W 4th Ave, Kitsilano, Vancouver');
        await tryForm.getByLabel('Price').fill('$1,250,000');
        await tryForm.getByRole('button', { name: 'Try it' }).click();
        await page.getByText("Daniel Okafor, by rule 1 'Kitsilano viewings'").waitFor();
        expect(await inboxAxeViolations(page), 'routing after a try').toEqual([]);

        // Saved: a reload shows the rule first.
        await page.reload();
        await expect
          .poll(() => page.getByRole('heading', { level: 3 }).first().innerText())
          .toMatch(/^1\.\s+Kitsilano viewings$/);

        // A lead that arrives now is routed by it, and its page says so.
        const captureId = await desk.addLead({
          name: 'Kit Viewer',
          kind: 'viewing-request',
          listing: { address: '2150 W 4th Ave, Kitsilano', id: 'MRR-KITS-1', price: '$1,250,000' },
        });
        await page.goto(`${desk.url}/inbox/leads/${await desk.leadIdOf(captureId)}`);
        await page.getByText(/^Routed by rule 1 'Kitsilano viewings'/).waitFor();
      },
      [...EXPECTED_LOAD_ERRORS, /status of 400/],
    );
  });

  it('says when someone else saved first, and reloads their rules', async () => {
    const { desk } = inbox;
    await withInboxPage(
      inbox.browser,
      async (page) => {
        await signIn(page, desk.url, ACCOUNTS.broker);
        await page.goto(`${desk.url}/inbox/routing`);
        const first = page.getByRole('heading', { level: 3 }).first();
        await first.waitFor();
        const firstName = (await first.innerText()).replace(/^1\.\s+/, '');

        // Another broker's save in between.
        const other = await apiSignIn(desk.url, ACCOUNTS.broker);
        const set = (await (await api(desk.url, other, '/api/routing')).json()) as RoutingView;
        const renamed = set.rules.map((r, i) =>
          i === 0 ? { ...r, name: 'Renamed elsewhere' } : r,
        );
        const put = await api(desk.url, other, '/api/routing', {
          method: 'PUT',
          body: { rules: renamed, version: set.version },
        });
        expect(put.status).toBe(200);

        await page.getByRole('button', { name: `Move ${firstName} down` }).click();
        await page.getByRole('button', { name: 'Save changes' }).click();
        await page.getByText(/Someone else changed the routing rules/).waitFor();
        await page.getByRole('button', { name: 'Reload the rules' }).click();
        await expect.poll(() => first.innerText()).toMatch(/^1\.\s+Renamed elsewhere$/);
        await page.getByText('Unsaved changes', { exact: true }).waitFor({ state: 'detached' });
      },
      [...EXPECTED_LOAD_ERRORS, /status of 409/],
    );
  });

  it('is not an agent’s: no nav link, and the page says so', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.priya);
      const nav = page.getByRole('navigation', { name: 'Inbox' });
      await nav.getByRole('link', { name: 'Leads' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Routing' }).count()).toBe(0);
      await page.goto(`${desk.url}/inbox/routing`);
      await page.getByRole('heading', { level: 1, name: 'Routing' }).waitFor();
      await page.getByText('Only a broker edits the routing rules.').waitFor();
      expect(await inboxAxeViolations(page), 'routing as an agent').toEqual([]);
      // The API refuses them too.
      const session = await apiSignIn(desk.url, ACCOUNTS.priya);
      expect((await api(desk.url, session, '/api/routing')).status).toBe(403);
    });
  });
});
