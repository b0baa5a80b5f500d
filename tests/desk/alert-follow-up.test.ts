import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import {
  chatEndedBody,
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
  viewingBody,
} from '../helpers/desk-harness.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';
import { ACCOUNTS, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';
import { decodeHeader, readMime } from '../helpers/smtp-stand-in.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { endOfCallReport, postPlatformMessage } from './fixtures/platform-messages.ts';

/**
 * Issue 26 §3 over loopback: a capture's Follow Up Boss event, signed webhook and agent's email
 * go out at once; the conversation's end follows on the same lead (a CRM note on the person the
 * event created, `conversation.completed`, a reply in the email's thread), once.
 */

const API_KEY = 'fub-alert-key';
const PLATFORM_SECRET = 'platform-secret-for-alert-tests-0123';
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

let crm: FubStandIn;
let receiver: WebhookReceiver;
let desk: TestDesk;

interface Mail {
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** The `.eml` files written so far, oldest first. */
async function mails(): Promise<Mail[]> {
  const dir = join(desk.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const out: Mail[] = [];
  for (const name of names.sort()) {
    const { headers, parts } = readMime(await readFile(join(dir, name), 'utf8'));
    const text = parts.find((p) => (p.headers['content-type'] ?? '').startsWith('text/plain'));
    out.push({ headers, subject: decodeHeader(headers.subject ?? ''), text: text?.body ?? '' });
  }
  return out;
}

function mailsAbout(list: Mail[], conversationOrName: string): Mail[] {
  return list.filter(
    (m) => m.text.includes(conversationOrName) || m.subject.includes(conversationOrName),
  );
}

/** A verified webhook payload: the fields these tests read. */
interface Payload {
  type: string;
  leadId: string;
  lead?: { id: string };
}

function payloads(type: string): Payload[] {
  return receiver.messages.map((m) => m.payload as Payload).filter((p) => p.type === type);
}

/**
 * The capture's alerts were due the moment it was stored, not at its conversation's end. (How
 * fast they then go is the bench's to measure, on a machine whose load it knows.)
 */
async function expectAlertsDueAtOnce(captureId: string) {
  const { db } = desk.services.database;
  const { received_at } = await db
    .selectFrom('captures')
    .select('received_at')
    .where('id', '=', captureId)
    .executeTakeFirstOrThrow();
  const jobs = await db
    .selectFrom('jobs')
    .select(['adapter', 'run_at'])
    .where('kind', '=', 'delivery')
    .where('capture_id', '=', captureId)
    .orderBy('adapter')
    .execute();
  expect(jobs.map((j) => j.adapter)).toEqual(['email', 'follow-up-boss', 'webhook']);
  for (const job of jobs) {
    expect(job.run_at.getTime()).toBe(received_at.getTime());
  }
}

async function captureRow(id: string) {
  return desk.services.database.db
    .selectFrom('captures')
    .select(['lead_id', 'assigned_name', 'assigned_email'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function platform(body: unknown) {
  return postPlatformMessage(desk.url, PLATFORM_SECRET, body);
}

/**
 * Waits until every sending job is finished, so "nothing more was sent" is a fact, not a guess.
 * Only the outbox's kinds count: the weekly report, the claim timers and the retention sweep
 * wait for their own times, and the sweep's job is queued 5 s after start, so a slow run that
 * counted it waited for tomorrow's sweep.
 */
function outboxIdle() {
  return until(async () => {
    const pending = await desk.services.database.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('kind', 'in', [
        'delivery',
        'conversation-update',
        'reassignment-alert',
        'person-event',
      ])
      .execute();
    return pending.length === 0;
  }, 'an idle outbox');
}

describe.each([pglite(), postgres()])('on $name', (database: DatabaseUnderTest) => {
  beforeAll(async () => {
    crm = await startFubStandIn({ apiKey: API_KEY });
    receiver = await startWebhookReceiver(WEBHOOK_SECRET);
    desk = await startTestDesk(
      {
        FUB_API_KEY: API_KEY,
        FUB_BASE_URL: crm.url,
        DESK_WEBHOOK_URL: receiver.url,
        DESK_WEBHOOK_SECRET: WEBHOOK_SECRET,
        DESK_PLATFORM_SECRET: PLATFORM_SECRET,
        // An update waiting for its alert retries; a short schedule keeps the test in seconds.
        DESK_RETRY_BASE_MS: '200',
        DESK_RETRY_MAX_MS: '400',
        ...(database.freshUrl && { DATABASE_URL: await database.freshUrl() }),
      },
      { weeklyReport: false },
    );
  });
  afterAll(async () => {
    await crm?.close();
    await receiver?.close();
    await desk?.close();
    await database.close();
  });

  describe('a call: the alert at once, the conversation after it', () => {
    const call = 'call-alert-1';
    let captureId = '';
    let alertMessageId = '';

    it('sends the Follow Up Boss event (with its agent), the webhook and the email at once, before the call ends', async () => {
      const res = await postJson(
        `${desk.url}/leads`,
        viewingBody({ conversationId: call, toolCallId: 'tool-alert-1' }),
      );
      expect(res.status).toBe(201);
      captureId = ((await res.json()) as { id: string }).id;
      await expectAlertsDueAtOnce(captureId);
      const event = await until(() => crm.events[0], 'the Follow Up Boss event');
      const row = await captureRow(captureId);
      expect(row.assigned_name).toBeTruthy();
      expect((event.body.person as Record<string, unknown>).assignedTo).toBe(row.assigned_name);
      const hook = await until(() => payloads('viewing.requested')[0], 'the webhook');
      expect(hook.leadId).toBe(row.lead_id);
      expect(hook.lead?.id).toBe(captureId);
      const [mail] = await until(async () => {
        const list = await mails();
        return list.length > 0 && list;
      }, 'the email');
      expect(mail?.headers.to).toContain(row.assigned_email ?? 'nobody');
      alertMessageId = mail?.headers['message-id'] ?? '';
      expect(alertMessageId).toMatch(/^<[^>]+>$/);
      // The call has not ended: nothing follows yet.
      expect(crm.notes).toHaveLength(0);
      expect(payloads('conversation.completed')).toHaveLength(0);
    });

    it('when the call ends, adds a note on the person the event created, once', async () => {
      expect((await platform(endOfCallReport(call))).status).toBe(200);
      const note = await until(() => crm.notes[0], 'the note');
      const job = await desk.services.database.db
        .selectFrom('jobs')
        .select('result')
        .where('kind', '=', 'delivery')
        .where('capture_id', '=', captureId)
        .where('adapter', '=', 'follow-up-boss')
        .executeTakeFirstOrThrow();
      expect(typeof job.result?.personId).toBe('number');
      expect(note.body.personId).toBe(job.result?.personId);
      expect(note.body.isHtml).toBe(false);
      const text = String(note.body.body);
      expect(text).toContain('Sam wants to view 14 Linden Court on Saturday at 2 PM.');
      expect(text).toContain('as said: "Saturday 2:00 PM"');
      expect(text).toContain(`/inbox/leads/${captureId}`);
      // One lead in the CRM: the conversation was not sent as a second event.
      expect(crm.events).toHaveLength(1);
      const { lead_id } = await captureRow(captureId);
      const lines = await desk.services.database.db
        .selectFrom('lead_events')
        .select(['kind', 'conversation_id'])
        .where('lead_id', '=', lead_id)
        .where('kind', '=', 'conversation')
        .execute();
      expect(lines).toEqual([{ kind: 'conversation', conversation_id: call }]);
    });

    it('sends conversation.completed, signed, with the same leadId', async () => {
      const { lead_id } = await captureRow(captureId);
      const done = await until(() => payloads('conversation.completed')[0], 'the webhook');
      expect(done).toMatchObject({
        leadId: lead_id,
        captureId,
        conversation: {
          id: call,
          summary: 'Sam wants to view 14 Linden Court on Saturday at 2 PM.',
          transcript: expect.stringContaining('Can I see 14 Linden Court on Saturday?'),
        },
        viewingTimes: [expect.objectContaining({ said: 'Saturday 2:00 PM' })],
      });
      const ids = receiver.messages.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('replies in the alert email’s thread with the summary and transcript', async () => {
      const list = await until(async () => {
        const all = await mails();
        return all.length >= 2 && all;
      }, 'the reply');
      const reply = list.find((m) => m.headers['in-reply-to']);
      expect(reply?.headers['in-reply-to']).toBe(alertMessageId);
      expect(reply?.headers.references).toBe(alertMessageId);
      expect(reply?.headers['message-id']).not.toBe(alertMessageId);
      expect(reply?.subject).toBe(`Re: ${list[0]?.subject}`);
      expect(reply?.text).toContain('Sam wants to view 14 Linden Court on Saturday at 2 PM.');
      expect(reply?.text).toContain('Can I see 14 Linden Court on Saturday?');
    });

    it('a repeated end-of-call report sends nothing more', async () => {
      expect((await platform(endOfCallReport(call))).status).toBe(200);
      await outboxIdle();
      expect(crm.notes).toHaveLength(1);
      expect(payloads('conversation.completed')).toHaveLength(1);
      expect(await mails()).toHaveLength(2);
    });
  });

  describe('a website call', () => {
    it('its update waits for the platform’s report, then carries its summary', async () => {
      const call = 'call-web-2';
      const res = await postJson(
        `${desk.url}/leads`,
        viewingBody({
          conversationId: call,
          toolCallId: 'tool-web-2',
          fields: { preferredTimes: ['Sunday 11am'], name: 'Ari Lund', phone: '604 555 0188' },
        }),
      );
      const { id } = (await res.json()) as { id: string };
      await until(async () => {
        const alert = await desk.services.database.db
          .selectFrom('jobs')
          .select('status')
          .where('capture_id', '=', id)
          .where('adapter', '=', 'follow-up-boss')
          .executeTakeFirst();
        return alert?.status === 'delivered';
      }, 'the alert');
      const notesBefore = crm.notes.length;
      const widget = await postJson(`${desk.url}/leads`, {
        kind: 'conversation',
        idempotencyKey: 'conv-call-web-2',
        conversationId: call,
        channel: 'call',
        messages: [{ role: 'user', text: 'Sunday at eleven works.', secondsFromStart: 3 }],
        startedAt: '2026-11-25T19:00:00.000Z',
        endedAt: '2026-11-25T19:02:00.000Z',
        durationSeconds: 120,
      });
      expect(widget.status).toBe(201);
      const update = await desk.services.database.db
        .selectFrom('jobs')
        .select(['run_at', 'attempts'])
        .where('kind', '=', 'conversation-update')
        .where('capture_id', '=', id)
        .where('adapter', '=', 'follow-up-boss')
        .executeTakeFirstOrThrow();
      // Held for the report (a minute), not sent with the widget's transcript alone.
      expect(update.run_at.getTime() - Date.now()).toBeGreaterThan(30_000);
      expect(update.attempts).toBe(0);
      const summary = 'Ari wants to see the house on Sunday at 11.';
      const report = endOfCallReport(call, { analysis: { summary } });
      expect((await platform(report)).status).toBe(200);
      const note = await until(
        () => crm.notes.length > notesBefore && crm.notes.at(-1),
        'the note after the report',
      );
      expect(String(note.body.body)).toContain(summary);
    });
  });

  describe('a typed chat', () => {
    it('whose tab closed (no conversation ever arrives) still gets its alert at once', async () => {
      const before = crm.events.length;
      const mailsBefore = (await mails()).length;
      const res = await postJson(
        `${desk.url}/leads`,
        leadBody({
          conversationId: 'chat-closed-1',
          toolCallId: null,
          fields: { name: 'Robin Tan', email: 'robin@example.com', consentToContact: true },
        }),
      );
      expect(res.status).toBe(201);
      await expectAlertsDueAtOnce(((await res.json()) as { id: string }).id);
      await until(() => crm.events.length > before, 'the Follow Up Boss event');
      await until(async () => (await mails()).length > mailsBefore, 'the agent’s email');
    });

    it('that ends before its alert is through: the note waits for the event’s person', async () => {
      crm.failNext(2, 503);
      const notesBefore = crm.notes.length;
      const res = await postJson(
        `${desk.url}/leads`,
        leadBody({
          conversationId: 'chat-ends-early',
          toolCallId: null,
          fields: { name: 'Kai Moreno', phone: '604 555 0177', consentToContact: true },
        }),
      );
      const { id } = (await res.json()) as { id: string };
      const ended = await postJson(
        `${desk.url}/leads`,
        chatEndedBody('chat-ends-early', [
          { role: 'user', text: 'Is the garden south-facing?' },
          { role: 'assistant', text: 'It is.' },
        ]),
      );
      expect(ended.status).toBe(201);
      const note = await until(
        () => crm.notes.length > notesBefore && crm.notes.at(-1),
        'the note after the retried event',
      );
      const job = await desk.services.database.db
        .selectFrom('jobs')
        .select(['result', 'attempts'])
        .where('kind', '=', 'delivery')
        .where('capture_id', '=', id)
        .where('adapter', '=', 'follow-up-boss')
        .executeTakeFirstOrThrow();
      expect(job.attempts).toBe(3);
      expect(note.body.personId).toBe(job.result?.personId);
      expect(String(note.body.subject)).toContain('website conversation');
    });
  });

  describe('reassignment', () => {
    it('emails the lead’s alert to the new agent, and the timeline says so', async () => {
      const { db } = desk.services.database;
      await createAccounts(db);
      const res = await postJson(
        `${desk.url}/leads`,
        leadBody({
          conversationId: null,
          toolCallId: null,
          fields: { name: 'Noor Haddad', email: 'noor@example.com', consentToContact: true },
        }),
      );
      const { id } = (await res.json()) as { id: string };
      const { lead_id, assigned_email } = await captureRow(id);
      const to = [ACCOUNTS.daniel, ACCOUNTS.priya].find((a) => a.email !== assigned_email);
      if (!to) {
        throw new Error('no other agent to reassign to');
      }
      await until(async () => mailsAbout(await mails(), 'Noor Haddad').length === 1, 'the alert');
      const broker = await apiSignIn(desk.url, ACCOUNTS.broker);
      const changed = await api(desk.url, broker, `/api/leads/${id}`, {
        method: 'PATCH',
        body: { assignedTo: to.email },
      });
      expect(changed.status).toBeLessThan(300);
      const [, second] = await until(async () => {
        const about = mailsAbout(await mails(), 'Noor Haddad');
        return about.length === 2 && about;
      }, 'the reassignment alert');
      expect(second?.headers.to).toContain(to.email);
      expect(second?.text).toContain(`reassigned to you by ${ACCOUNTS.broker.name}`);
      const line = await until(async () => {
        const lines = await db
          .selectFrom('lead_events')
          .select(['kind', 'detail'])
          .where('lead_id', '=', lead_id)
          .where('kind', '=', 'alert')
          .execute();
        return lines.find((l) => l.detail.reason === 'reassigned');
      }, 'the timeline line');
      expect(line.detail).toMatchObject({ adapter: 'email', to: to.email, toName: to.name });
    });
  });
});
