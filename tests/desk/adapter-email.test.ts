import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import { createAdapters } from '../../desk/delivery/adapters/create-adapters.ts';
import { createEmailAdapter } from '../../desk/delivery/adapters/email.ts';
import { escapeText, viewingInviteText } from '../../desk/delivery/adapters/viewing-invite.ts';
import type { ConversationUpdate } from '../../desk/delivery/conversation-update.ts';
import {
  decodeHeader,
  readMime,
  type SmtpStandIn,
  startSmtpStandIn,
} from '../helpers/smtp-stand-in.ts';
import {
  generalLead,
  HOSTILE_NAME,
  hostileViewingRequest,
  testContext,
  viewingRequest,
} from './fixtures/lead-records.ts';

const mailFrom = 'Harbour & Pine Desk <desk@harbourpine.example>';
// The one display text every surface shows (desk/time): Vancouver keeps UTC-7 (MST) from
// 1 November 2026 in the pinned tz database, where Node's own 2025c data said PST.
const ABSOLUTE = 'Saturday, November 28, 2026, 2:00 PM MST';
let smtp: SmtpStandIn;
let dir: string;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function emlFiles(): Promise<string[]> {
  return (await readdir(dir)).sort();
}

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.reset();
  dir = await mkdtemp(join(tmpdir(), 'desk-mail-'));
  return () => rm(dir, { recursive: true, force: true });
});

/** The checks both transports must pass for the Linden Court viewing request. */
function expectViewingMessage(raw: string, jobId: string) {
  const { headers, parts } = readMime(raw);
  expect(decodeHeader(headers.subject ?? '')).toBe(
    'New viewing request: 14 Linden Court – Sam Rivera',
  );
  expect(headers['message-id']).toBe(`<${jobId}@harbourpine.example>`);
  expect(headers.to).toContain('priya@harbourpine.example');
  expect(headers['reply-to']).toContain('sam.rivera@example.com');
  const types = parts.map((p) => (p.headers['content-type'] ?? '').split(';')[0]);
  expect(types).not.toContain('text/html');
  const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))?.body ?? '';
  expect(text).toContain(`${ABSOLUTE}, as said: "Saturday at 2"`);
  expect(text).toContain('approximate, as said: "or Sunday morning"');
  expect(text).toContain('time not resolved, as said: "whenever suits, really"');
  expect(text).toContain('Phone: +1 604 555 0142');
  expect(text).toContain('Address: 14 Linden Court');
  expect(text).toContain('Sam wants to view 14 Linden Court');
  expect(text).toContain('[0:04] Visitor: Could I see it Saturday at 2, or Sunday morning?');
  expect(text).not.toContain('{"ok":true}');
  expect(text).toMatch(
    /Consent to contact: yes, accepted Tuesday, November 24, 2026, 11:04 AM MST/,
  );
  expect(text).toContain(`https://desk.harbourpine.example/inbox/leads/${viewingRequest().id}`);
  const calendar = parts.find((p) => p.headers['content-type']?.startsWith('text/calendar'));
  expect(calendar?.headers['content-type']).toMatch(/method=REQUEST/i);
  const ics = calendar?.body ?? '';
  expect(ics).toContain('METHOD:REQUEST\r\n');
  expect(ics).toContain('DTSTART:20261128T210000Z\r\n');
  expect(ics).toContain('DTEND:20261128T214500Z\r\n');
  // The invite's description shows the same text (commas escaped per RFC 5545).
  expect(ics.replace(/\r\n /g, '')).toContain(
    `Requested: ${ABSOLUTE.replaceAll(',', '\\,')}\\, as said`,
  );
  expect(ics).toContain(`UID:${jobId}@harbourpine.example\r\n`);
  expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  expect(ics).toContain('LOCATION:14 Linden Court\r\n');
  expect(ics).toContain('ORGANIZER;CN="Harbour & Pine Desk":mailto:desk@harbourpine.example');
  expect(ics).toContain('mailto:priya@harbourpine.example');
}

describe('email adapter, without SMTP (.eml files)', () => {
  it('writes one complete .eml per message, with the text and the invite', async () => {
    const logged: string[] = [];
    const adapter = createEmailAdapter(
      { smtpUrl: null, mailFrom, mailDir: dir },
      testContext,
      (m) => logged.push(m),
    );
    expect(adapter.name).toBe('email');
    // The Message-ID is kept, so the conversation's reply can thread under it.
    expect(await adapter.deliver(viewingRequest(), { jobId: 'job_em_1', attempt: 1 })).toEqual({
      ok: true,
      result: {
        messageId: expect.stringMatching(/^<job_em_1@[^>]+>$/),
        subject: 'New viewing request: 14 Linden Court – Sam Rivera',
      },
    });
    const files = await emlFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-job_em_1\.eml$/);
    expectViewingMessage(await readFile(join(dir, files[0] ?? ''), 'utf8'), 'job_em_1');
    expect(logged).toEqual([`email for job job_em_1 written to ${files[0]}`]);
    await adapter.close?.();
  });

  it('sends a lead without a listing or times as text only, no invite', async () => {
    const adapter = createEmailAdapter({ smtpUrl: null, mailFrom, mailDir: dir }, testContext);
    expect(await adapter.deliver(generalLead(), { jobId: 'job_em_2', attempt: 1 })).toMatchObject({
      ok: true,
    });
    const [file] = await emlFiles();
    const { headers, parts } = readMime(await readFile(join(dir, file ?? ''), 'utf8'));
    expect(decodeHeader(headers.subject ?? '')).toBe('New lead: Alex');
    expect(parts).toHaveLength(1);
    expect(parts[0]?.headers['content-type']).toMatch(/^text\/plain/);
    expect(parts[0]?.body).toContain('  AI: Hello!\r\n  User: I might sell my condo next spring.');
  });

  it('keeps a hostile name as text: no HTML part, no injected header', async () => {
    const adapter = createEmailAdapter({ smtpUrl: null, mailFrom, mailDir: dir }, testContext);
    const lead = hostileViewingRequest();
    expect(await adapter.deliver(lead, { jobId: 'job_em_3', attempt: 1 })).toMatchObject({
      ok: true,
    });
    const [file] = await emlFiles();
    const raw = await readFile(join(dir, file ?? ''), 'utf8');
    const { headers, parts } = readMime(raw);
    expect(parts.some((p) => p.headers['content-type']?.includes('html'))).toBe(false);
    expect(headers).not.toHaveProperty('bcc');
    expect(decodeHeader(headers.subject ?? '')).toBe(
      `New viewing request: 14 Linden Court – ${HOSTILE_NAME}`,
    );
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))?.body;
    expect(text).toContain(`Name: ${HOSTILE_NAME}`);
    expect(text).toContain(
      '  <script>alert(1)</script> wants a viewing\r\n  Bcc: victim@example.com',
    );
  });

  it('refuses (dead) a lead with no agent address', async () => {
    const adapter = createEmailAdapter({ smtpUrl: null, mailFrom, mailDir: dir }, testContext);
    const lead = viewingRequest({ assignedTo: { name: null, email: null, reason: 'none' } });
    expect(await adapter.deliver(lead, { jobId: 'job_em_4', attempt: 1 })).toEqual({
      ok: false,
      retry: false,
      reason: 'no valid email address for the assigned agent',
    });
  });
});

describe('email adapter over SMTP', () => {
  it('delivers the same message to the SMTP server, to the agent', async () => {
    const adapter = createEmailAdapter({ smtpUrl: smtp.url, mailFrom, mailDir: dir }, testContext);
    expect(
      await adapter.deliver(viewingRequest(), { jobId: 'job_em_5', attempt: 1 }),
    ).toMatchObject({ ok: true });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to).toEqual(['priya@harbourpine.example']);
    expect(smtp.messages[0]?.from).toBe('desk@harbourpine.example');
    expectViewingMessage(smtp.messages[0]?.raw ?? '', 'job_em_5');
    expect(await emlFiles()).toEqual([]);
    await adapter.close?.();
  });

  it('is dead after a 550, with the code and no address in the reason', async () => {
    const adapter = createEmailAdapter({ smtpUrl: smtp.url, mailFrom, mailDir: dir }, testContext);
    for (const stage of ['data', 'rcpt'] as const) {
      smtp.rejectNext(1, 550, stage);
      const outcome = await adapter.deliver(viewingRequest(), { jobId: 'job_em_6', attempt: 1 });
      expect(outcome).toMatchObject({ ok: false, retry: false });
      const reason = outcome.ok ? '' : outcome.reason;
      expect(reason).toMatch(/^SMTP 550 /);
      expect(reason).not.toMatch(/@|Sam|Rivera/);
    }
    expect(smtp.messages).toHaveLength(0);
    await adapter.close?.();
  });

  it('retries after a 451, with the same Message-ID on the next try', async () => {
    const adapter = createEmailAdapter({ smtpUrl: smtp.url, mailFrom, mailDir: dir }, testContext);
    smtp.rejectNext(1, 451);
    const first = await adapter.deliver(viewingRequest(), { jobId: 'job_em_7', attempt: 1 });
    expect(first).toMatchObject({ ok: false, retry: true });
    expect(first.ok ? '' : first.reason).toMatch(/^SMTP 451 /);
    expect(
      await adapter.deliver(viewingRequest(), { jobId: 'job_em_7', attempt: 2 }),
    ).toMatchObject({ ok: true });
    expect(readMime(smtp.messages[0]?.raw ?? '').headers['message-id']).toBe(
      '<job_em_7@harbourpine.example>',
    );
    await adapter.close?.();
  });

  it('retries when the server cannot be reached', async () => {
    const url = `smtp://127.0.0.1:${await closedPort()}`;
    const adapter = createEmailAdapter({ smtpUrl: url, mailFrom, mailDir: dir }, testContext);
    const outcome = await adapter.deliver(viewingRequest(), { jobId: 'job_em_8', attempt: 1 });
    expect(outcome).toEqual({ ok: false, retry: true, reason: 'SMTP connection error: ESOCKET' });
    await adapter.close?.();
  });
});

describe('createAdapters', () => {
  it('enables each adapter by its settings and says once where mail files go', async () => {
    const logged: string[] = [];
    const bare = parseDeskEnv({ DESK_DATA_DIR: dir }, dir);
    const adapters = createAdapters(bare, testContext, (m) => logged.push(m));
    expect(adapters.map((a) => a.name)).toEqual(['email']);
    for (const jobId of ['job_em_9', 'job_em_10']) {
      expect(await adapters[0]?.deliver(generalLead(), { jobId, attempt: 1 })).toMatchObject({
        ok: true,
      });
    }
    expect(await readdir(join(dir, 'mail'))).toHaveLength(2);
    expect(logged).toEqual([
      `SMTP_URL is not set: emails to agents are written as .eml files to ${join(dir, 'mail')}`,
    ]);
    const full = parseDeskEnv(
      {
        DESK_DATA_DIR: dir,
        FUB_API_KEY: 'key',
        DESK_WEBHOOK_URL: 'https://hooks.example/x',
        DESK_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
        SMTP_URL: smtp.url,
      },
      dir,
    );
    logged.length = 0;
    const names = createAdapters(full, testContext, (m) => logged.push(m)).map((a) => a.name);
    expect(names).toEqual(['follow-up-boss', 'webhook', 'email']);
    expect(logged).toEqual([]);
  });
});

describe('viewing invite text', () => {
  it('escapes text values and folds long lines at 75 octets', () => {
    expect(escapeText('a, b; c\\d\r\ne\u0007')).toBe('a\\, b\\; c\\\\d\\ne');
    const ics = viewingInviteText({
      uid: 'job_x@example',
      start: '2026-11-28T14:00:00.000-08:00',
      summary: 'Viewing: 14 Linden Court – Sam Rivera',
      location: `Unit 4, 14 Linden Court; ${'very long address '.repeat(6)}`,
      organizer: { name: 'Desk', email: 'desk@example.com' },
      attendee: { name: 'Agent "A"', email: 'agent@example.com' },
      now: new Date('2026-11-24T18:05:00Z'),
    });
    expect(ics).toContain('DTSTAMP:20261124T180500Z\r\n');
    expect(ics).toContain('LOCATION:Unit 4\\, 14 Linden Court\\; very long');
    expect(ics).toContain('ATTENDEE;CN="Agent A";ROLE=REQ-PARTICIPANT');
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    expect(ics.replace(/\r\n /g, '')).toContain(`${'very long address '.repeat(6).trim()}`);
  });
});

describe('the reply that follows the alert', () => {
  function update(alert: Record<string, unknown>): ConversationUpdate {
    const lead = viewingRequest();
    if (!lead.conversation) {
      throw new Error('the fixture has a conversation');
    }
    return { lead: { ...lead, conversation: lead.conversation }, viewingTimes: [], alert };
  }

  it('threads under the alert’s Message-ID, with the summary and the transcript', async () => {
    const adapter = createEmailAdapter({ smtpUrl: null, mailFrom, mailDir: dir }, testContext);
    const sent = await adapter.deliver(viewingRequest(), { jobId: 'job_alert', attempt: 1 });
    const alert = sent.ok ? (sent.result ?? {}) : {};
    const outcome = await adapter.followUp?.(update(alert), { jobId: 'job_reply', attempt: 1 });
    expect(outcome).toMatchObject({ ok: true });
    const files = await emlFiles();
    const reply = files.find((f) => f.includes('job_reply')) ?? '';
    const { headers, parts } = readMime(await readFile(join(dir, reply), 'utf8'));
    expect(headers['in-reply-to']).toBe(alert.messageId);
    expect(headers.references).toBe(alert.messageId);
    expect(headers['message-id']).toMatch(/^<job_reply@harbourpine\.example>$/);
    expect(decodeHeader(headers.subject ?? '')).toBe(
      'Re: New viewing request: 14 Linden Court – Sam Rivera',
    );
    expect(parts).toHaveLength(1);
    expect(parts[0]?.body).toContain('Sam wants to view 14 Linden Court this weekend');
    expect(parts[0]?.body).toContain('Hi! How can I help with 14 Linden Court?');
  });

  it('is refused, writing nothing, when the alert’s Message-ID was not kept', async () => {
    const adapter = createEmailAdapter({ smtpUrl: null, mailFrom, mailDir: dir }, testContext);
    expect(await adapter.followUp?.(update({}), { jobId: 'job_reply', attempt: 1 })).toMatchObject({
      ok: false,
      retry: false,
    });
    expect(await emlFiles()).toEqual([]);
  });
});
