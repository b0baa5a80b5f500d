import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icsUtc } from '../../desk/delivery/adapters/viewing-invite.ts';
import type { LeadDetail, Numbers } from '../../desk/inbox/api-contract.ts';
import { DEMO_VISITOR } from '../../widget/demo/script.ts';
import {
  agreeToConsent,
  bookViewingByVoice,
  DEMO_PATH,
  openDemoPage,
  VISITOR_SPEECH_WAV,
  waitForEvent,
} from '../fixtures/demo/demo-page.ts';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { sendContactCard } from '../helpers/contact-card.ts';
import { startTestDesk, type TestDesk, until } from '../helpers/desk-harness.ts';
import { deskSiteFixture } from '../helpers/desk-site.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';
import { ensureInboxBuilt, signIn, withInboxPage } from '../helpers/inbox-desk.ts';
import { readMime } from '../helpers/smtp-stand-in.ts';

/**
 * Issue 26's "Done when", walked as a broker would after `npm start` (the site built with its
 * widgets' `lead-endpoint` at a real desk, as tests/browser/desk-pipeline.test.ts builds it, and
 * a Follow Up Boss stand-in): the offline demo books a viewing by voice on `/assistant`, then the
 * same person types a chat on the landing page and leaves the same phone. The inbox shows one
 * lead with both conversations; the agent's email is written within seconds of the capture and
 * the transcript follows in its thread; the viewing's time reads the same in the inbox, the
 * email, the `.ics` (DTSTART in UTC), the CSV and the CRM's event. Every wait is for an outcome.
 */

const WAIT = { timeout: 60_000, interval: 250 };
const FUB_KEY = 'fub-walkthrough-key';

const { site, deskPort } = deskSiteFixture(
  { media: 'granted', args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`] },
  'site-walkthrough',
);
let desk: TestDesk | undefined;
let crm: FubStandIn | undefined;
// The typed chat's visitor has no microphone: the widget offers typing.
let typingBrowser: Browser | undefined;

beforeAll(async () => {
  ensureInboxBuilt();
  crm = await startFubStandIn({ apiKey: FUB_KEY });
  desk = await startTestDesk(
    {
      DESK_PORT: String(deskPort()),
      DESK_ALLOWED_ORIGINS: site.server.url,
      FUB_API_KEY: FUB_KEY,
      FUB_BASE_URL: crm.url,
    },
    { pollMs: 200, weeklyReport: false },
  );
  await createAccounts(desk.services.database.db);
  typingBrowser = await launchChromium({ media: 'denied' });
}, 120_000);

afterAll(async () => {
  await typingBrowser?.close();
  await crm?.close();
  await desk?.close();
});

function requireDesk(): TestDesk {
  if (!desk) {
    throw new Error('The desk did not start');
  }
  return desk;
}

interface Mail {
  headers: Record<string, string>;
  text: string;
  calendar: string;
}

/** Every `.eml` the desk wrote for its agents (no SMTP_URL: its mail folder). */
async function mails(): Promise<Mail[]> {
  const dir = join(requireDesk().dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    files.sort().map(async (file) => {
      const { headers, parts } = readMime(await readFile(join(dir, file), 'utf8'));
      const part = (type: string) =>
        parts.find((p) => p.headers['content-type']?.startsWith(type))?.body ?? '';
      return { headers, text: part('text/plain'), calendar: part('text/calendar') };
    }),
  );
}

/** The desk's captures of the demo visitor's phone, oldest first. */
function captures() {
  return requireDesk()
    .services.database.db.selectFrom('captures as c')
    .innerJoin('people as p', 'p.id', 'c.person_id')
    .select(['c.id', 'c.kind', 'c.lead_id', 'c.conversation_id', 'c.received_at'])
    .where('p.name', '=', DEMO_VISITOR.name)
    .orderBy('c.received_at')
    .execute();
}

/** Types into the widget's own field (the landing page's contact form has a Message too). */
async function typeAndSend(page: Page, text: string): Promise<void> {
  const field = page.locator('voice-assistant').getByRole('textbox', { name: 'Message to Nora' });
  await field.fill(text);
  await field.press('Enter');
}

/** The typed chat on the landing page's floating widget: books 2 PM and leaves the phone. */
async function typedChat(page: Page): Promise<void> {
  await openDemoPage(page, `${site.server.url}/`);
  await page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' }).click();
  await agreeToConsent(page);
  await page.getByRole('button', { name: 'Type instead' }).click();
  await typeAndSend(page, 'Can I book 2 PM on Saturday?');
  const log = () =>
    page
      .locator('voice-assistant')
      .evaluate((host) => host.shadowRoot?.querySelector('[role="log"]')?.textContent ?? '');
  await expect.poll(log, WAIT).toContain('What name and phone number or email');
  await typeAndSend(page, `I’m ${DEMO_VISITOR.name}, call me at ${DEMO_VISITOR.phone}`);
  await sendContactCard(page, true);
  await expect.poll(log, WAIT).toContain(`Thanks, ${DEMO_VISITOR.name}`);
}

describe('issue 26, done when: a demo call, then a typed chat by the same person', () => {
  it('shows one lead with both conversations, alerts at once, threads the transcript, one time everywhere, and numbers that add up', async () => {
    await withPage(site.browser, async (page) => {
      await bookViewingByVoice(page, `${site.server.url}${DEMO_PATH}`);
      await waitForEvent(page, 'call-end', {}, 60_000);
    });
    await expect.poll(async () => (await captures()).length, WAIT).toBe(2);
    const first = (await captures()).find((c) => c.kind === 'viewing-request');
    if (!first) {
      throw new Error('the call stored its viewing request');
    }

    // The viewing's alert (with its invite) is written within seconds of the capture, not at
    // the conversation's end; a Date header has whole seconds.
    const alert = await until(
      async () => (await mails()).find((m) => !m.headers['in-reply-to'] && m.calendar !== ''),
      "the agent's alert",
      WAIT.timeout,
    );
    const written = Date.parse(alert.headers.date ?? '');
    expect(written - first.received_at.getTime()).toBeLessThan(10_000);
    // The transcript follows as a reply in an alert's thread.
    const reply = await until(
      async () => {
        const all = await mails();
        const alerts = new Set(
          all.filter((m) => !m.headers['in-reply-to']).map((m) => m.headers['message-id']),
        );
        return all.find((m) => alerts.has(m.headers['in-reply-to']));
      },
      'the reply with the transcript',
      WAIT.timeout,
    );
    expect(reply.headers.references).toContain(reply.headers['in-reply-to']);
    expect(reply.text).toContain('Linden Court');

    // The same person types a chat on another page: the same lead, a second conversation.
    await withPage(typingBrowser as Browser, typedChat);
    await expect.poll(async () => (await captures()).length, WAIT).toBe(4);
    const all = await captures();
    expect(new Set(all.map((c) => c.lead_id)).size).toBe(1);
    const conversations = new Set(all.map((c) => c.conversation_id));
    expect(conversations.size).toBe(2);
    const leadId = first.lead_id;

    const { db } = requireDesk().services.database;
    // The chat's transcript arrives when its page is gone.
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('conversations')
              .select('id')
              .where('id', 'in', [...conversations].filter((c) => c !== null) as string[])
              .where('transcript', 'is not', null)
              .execute()
          ).length,
        WAIT,
      )
      .toBe(2);

    const broker: ApiSession = await apiSignIn(requireDesk().url, ACCOUNTS.broker);
    const lead = (await (
      await api(requireDesk().url, broker, `/api/leads/${leadId}`)
    ).json()) as LeadDetail;
    expect(lead.conversations).toHaveLength(2);
    const viewing = lead.captures.find((c) => c.kind === 'viewing-request')?.viewingTimes[0];
    const when = viewing?.text ?? 'no time';
    const start = viewing?.start ?? '';
    expect(when).toMatch(/^Saturday, \w+ \d+, 2026, 2:00 PM MST$/);
    const agent = lead.assignedTo.name ?? 'no agent';

    // The inbox: one row, the lead's page with both conversations and the same time text.
    await withInboxPage(site.browser, async (inbox) => {
      await signIn(inbox, requireDesk().url, ACCOUNTS.broker);
      const rows = inbox.getByRole('link', { name: DEMO_VISITOR.name });
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      await inbox.goto(`${requireDesk().url}/inbox/leads/${leadId}`);
      await inbox.getByRole('heading', { level: 1, name: DEMO_VISITOR.name }).waitFor();
      await inbox
        .getByRole('region', { name: 'Requested viewings' })
        .getByText(when)
        .first()
        .waitFor();
      const talks = inbox.getByRole('region', { name: 'Conversations' });
      await talks.getByRole('list', { name: 'Dialogue 2' }).waitFor();
      expect(await talks.getByRole('list', { name: /^Dialogue \d/ }).count()).toBe(2);
      // Every job about the lead, in words: each capture's alerts, and each conversation's
      // follow-ups (the CRM's note, the reply in the email's thread).
      const deliveries = inbox.getByRole('region', { name: 'Deliveries' });
      const named = (name: RegExp) =>
        deliveries.locator('.delivery-name').filter({ hasText: name });
      await named(/^Follow Up Boss event \(viewing requested\)/)
        .first()
        .waitFor();
      expect(await named(/^Follow Up Boss note \(conversation\)/).count()).toBe(2);
      expect(await named(new RegExp(`^Email reply to ${agent}`)).count()).toBe(2);
      expect(await named(new RegExp(`^Email alert to ${agent}`)).count()).toBe(all.length);
    });

    // The email and its invite, the CSV and the CRM's event: the same text, the same instant.
    expect(alert.text).toContain(when);
    expect(alert.calendar).toContain(`DTSTART:${icsUtc(new Date(start))}`);
    const csv = await (await api(requireDesk().url, broker, '/api/leads.csv?demo=show')).text();
    expect(csv.split('\r\n').filter((line) => line.includes(when))).toHaveLength(1);
    await expect.poll(() => crm?.events.length ?? 0, WAIT).toBeGreaterThan(0);
    const crmText = JSON.stringify(crm?.events.map((e) => e.body));
    expect(crmText).toContain(when);

    // The numbers add up: a call and a chat, one new lead, and every breakdown sums to the total.
    const numbers = (await (
      await api(requireDesk().url, broker, '/api/numbers?days=7&demo=show')
    ).json()) as Numbers;
    expect(numbers.total).toMatchObject({
      conversations: 2,
      calls: 1,
      chats: 1,
      captures: 4,
      newLeads: 1,
      viewingsRequested: 2,
    });
    for (const rows of [numbers.byListing, numbers.byPage, numbers.byAgent, numbers.bySource]) {
      const sum = (key: 'conversations' | 'captures' | 'newLeads') =>
        rows.reduce((total, row) => total + row[key], 0);
      expect([sum('conversations'), sum('captures'), sum('newLeads')]).toEqual([2, 4, 1]);
    }
  }, 600_000);
});
