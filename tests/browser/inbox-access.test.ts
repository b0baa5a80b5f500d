import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, type SessionInfo } from '../../desk/inbox/api-contract.ts';
import { ACCOUNTS, inboxFixture, signIn, withInboxPage } from '../helpers/inbox-desk.ts';

const inbox = inboxFixture();

describe('who gets in, and what they see', () => {
  it('gives the same message for an unknown email and a wrong password', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page) => {
      await page.goto(`${desk.url}/inbox`);
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.waitFor();
      expect(new URL(page.url()).pathname).toBe('/inbox/sign-in');
      const attempt = async (email: string, password: string) => {
        await form.getByLabel('Email', { exact: true }).fill(email);
        await form.getByLabel('Password', { exact: true }).fill(password);
        const answered = page.waitForResponse(
          (r) => r.url().endsWith('/api/session') && r.request().method() === 'POST',
        );
        await form.getByRole('button', { name: 'Sign in' }).click();
        expect((await answered).status()).toBe(401);
        return page.getByRole('alert').filter({ hasText: /\S/ }).textContent();
      };
      const unknown = await attempt('nobody@maple-ridge.example', 'whatever-password-1');
      const wrong = await attempt(ACCOUNTS.broker.email, 'not-the-password-1');
      expect(unknown).toBeTruthy();
      expect(wrong).toBe(unknown);
    });
  });

  it("shows an agent another agent's lead as not found, in the UI and the API", async () => {
    const { desk } = inbox;
    const daniels = await desk.addLead({ name: 'Dana Daniels-Lead' });
    const priyas = await desk.addLead({
      name: 'Petra Priyas-Lead',
      listing: { address: '9 Birch Lane', agentName: 'Priya Sandhu' },
    });
    await withInboxPage(
      inbox.browser,
      async (page) => {
        await signIn(page, desk.url, ACCOUNTS.daniel);
        await page.getByRole('link', { name: 'Dana Daniels-Lead' }).waitFor();
        expect(await page.getByRole('link', { name: 'Petra Priyas-Lead' }).count()).toBe(0);
        await page.goto(`${desk.url}/inbox/leads/${priyas}`);
        await page.getByRole('heading', { level: 1, name: 'Lead not found' }).waitFor();
        expect(await page.getByText('Petra').count()).toBe(0);
        expect((await page.request.get(`${desk.url}/api/leads/${priyas}`)).status()).toBe(404);
        expect((await page.request.get(`${desk.url}/api/leads/${daniels}`)).status()).toBe(200);
        // No Assign to for an agent.
        await page.goto(`${desk.url}/inbox/leads/${daniels}`);
        await page.getByRole('heading', { level: 1, name: 'Dana Daniels-Lead' }).waitFor();
        expect(await page.getByLabel('Assign to').count()).toBe(0);
      },
      [/status of 401/, /status of 404/],
    );
  });

  it('refuses a change without the CSRF token (403, nothing changes) and takes it with the token', async () => {
    const { desk } = inbox;
    const id = await desk.addLead({ name: 'Chris Csrf' });
    await withInboxPage(inbox.browser, async (page) => {
      await signIn(page, desk.url, ACCOUNTS.broker);
      const lead = `${desk.url}/api/leads/${id}`;
      const refused = await page.request.patch(lead, { data: { status: 'Lost' } });
      expect(refused.status()).toBe(403);
      const note = await page.request.post(`${lead}/notes`, { data: { text: 'sneaky' } });
      expect(note.status()).toBe(403);
      const unchanged = await (await page.request.get(lead)).json();
      expect(unchanged.status).toBe('New');
      expect(JSON.stringify(unchanged.timeline)).not.toContain('sneaky');

      const session = (await (
        await page.request.get(`${desk.url}/api/session`)
      ).json()) as SessionInfo;
      const taken = await page.request.patch(lead, {
        data: { status: 'Lost' },
        headers: { [CSRF_HEADER]: session.csrfToken },
      });
      expect(taken.status()).toBe(200);
      expect((await taken.json()).status).toBe('Lost');
    });
  });

  it('signs out: back to the sign-in page, and the old cookie gets 401', async () => {
    const { desk } = inbox;
    await withInboxPage(inbox.browser, async (page, context) => {
      await signIn(page, desk.url, ACCOUNTS.priya);
      const cookies = await context.cookies(desk.url);
      const header = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      expect(header).not.toBe('');
      const before = await fetch(`${desk.url}/api/session`, { headers: { cookie: header } });
      expect(before.status).toBe(200);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('form', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/inbox/sign-in');

      const after = await fetch(`${desk.url}/api/session`, { headers: { cookie: header } });
      expect(after.status).toBe(401);
      const list = await fetch(`${desk.url}/api/leads`, { headers: { cookie: header } });
      expect(list.status).toBe(401);
      // The app, reloaded, stays signed out.
      await page.goto(`${desk.url}/inbox`);
      await page.getByRole('form', { name: 'Sign in' }).waitFor();
    });
  });
});
