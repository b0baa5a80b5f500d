import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCaptures } from '../../desk/cli/export-command.ts';
import { TZDATA_VERSION } from '../../desk/time/tz-zone.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  TEST_ORIGIN,
  type TestDesk,
  viewingBody,
} from '../helpers/desk-harness.ts';

let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk({ DESK_LEADS_PER_MINUTE: '40' }, { deliver: false });
});
afterAll(() => desk?.close());

async function exported(): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  await exportCaptures(desk.services.database.db, (l) => lines.push(l));
  return lines.map((l) => JSON.parse(l));
}

describe('POST /leads', () => {
  it('answers /health with the database kind and the pinned tz database it reads times with', async () => {
    const res = await fetch(`${desk.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, database: 'embedded', tzdata: TZDATA_VERSION });
    expect(TZDATA_VERSION).toMatch(/^20\d\d[a-z]$/);
  });

  it("names the tz database in the start log, and says once that the runtime's differs", () => {
    const started = desk.logLines.find((l) => l.msg === 'desk started');
    expect(started?.tzdata).toBe(TZDATA_VERSION);
    const warnings = desk.logLines.filter((l) => l.runtimeTzdata !== undefined);
    if (process.versions.tz === TZDATA_VERSION) {
      expect(warnings).toHaveLength(0);
    } else {
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({
        tzdata: TZDATA_VERSION,
        runtimeTzdata: process.versions.tz,
      });
    }
  });

  it('stores a first arrival (201) once, and a repeat of its key is 200 with no second row', async () => {
    const body = viewingBody({ idempotencyKey: 'repeat-1', toolCallId: 'tool-repeat' });
    const first = await postJson(`${desk.url}/leads`, body);
    expect(first.status).toBe(201);
    const again = await postJson(`${desk.url}/leads`, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true, duplicate: true });
    const rows = (await exported()).filter((l) => l.idempotencyKey === 'repeat-1');
    expect(rows).toHaveLength(1);
    const [line] = rows;
    expect(line).toMatchObject({
      kind: 'viewing-request',
      conversationId: 'call-1',
      capturedAt: '2026-11-25T19:00:00.000Z',
      listing: { address: '14 Linden Court', id: 'MRR-14-LINDEN' },
      assignedTo: { name: 'Daniel Okafor', email: 'daniel@maple-ridge.example' },
      consent: {
        version: '0123456789abcdef',
        acceptedAt: '2026-11-25T18:58:00.000Z',
        consentToContact: false,
      },
      conversation: null,
    });
    expect(line?.person).toMatchObject({ name: 'Sam Rivera', phone: '604 555 0134' });
    // Wednesday 11:00 in Vancouver: "Saturday 2:00 PM" is three days later, in MST (UTC-7 from
    // 1 November 2026 in the pinned tz database; the runtime's 2025c would say PST).
    expect(line?.viewingTimes).toEqual([
      {
        said: 'Saturday 2:00 PM',
        start: '2026-11-28T14:00:00.000-07:00',
        timeZone: 'America/Vancouver',
      },
    ]);
  });

  it('gives one person record to a viewing and a lead of the same person in one conversation', async () => {
    await postJson(
      `${desk.url}/leads`,
      viewingBody({ idempotencyKey: 'p-1', conversationId: 'call-p', toolCallId: 'a' }),
    );
    await postJson(
      `${desk.url}/leads`,
      leadBody({ idempotencyKey: 'p-2', conversationId: 'call-p', toolCallId: 'b' }),
    );
    const lines = (await exported()).filter((l) => l.conversationId === 'call-p');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.person.id).toBe(lines[1]?.person.id);
    // The lead added the email the viewing request lacked.
    expect(lines[0]?.person.email).toBe('sam@example.com');
  });

  it('refuses bad fields with 400 and a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [viewingBody({ idempotencyKey: '' }), 'idempotencyKey'],
      [viewingBody({ kind: 'offer' }), 'kind'],
      [
        viewingBody({ fields: { preferredTimes: [], phone: '604 555 0134' } }),
        'fields.preferredTimes',
      ],
      [viewingBody({ fields: { preferredTimes: ['Sat'], phone: '12' } }), 'fields.phone'],
      [leadBody({ fields: { email: 'not-an-email' } }), 'fields.email'],
      [leadBody({ capturedAt: 'yesterday' }), 'capturedAt'],
    ];
    for (const [body, field] of cases) {
      const res = await postJson(`${desk.url}/leads`, body);
      expect(res.status, field).toBe(400);
      const json = (await res.json()) as { error: { code: string; message: string } };
      expect(json.error.code).toBe('invalid-field');
      expect(json.error.message.startsWith(field), json.error.message).toBe(true);
    }
  });

  it('refuses malformed JSON (400), not-JSON (415) and over 64 KB (413), storing nothing', async () => {
    const before = (await exported()).length;
    const bad = await postJson(`${desk.url}/leads`, '{"kind": "lead",');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('bad-json');
    const text = await fetch(`${desk.url}/leads`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: TEST_ORIGIN },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    const big = await postJson(
      `${desk.url}/leads`,
      leadBody({ fields: { notes: 'x'.repeat(70_000), phone: '6045550134' } }),
    );
    expect(big.status).toBe(413);
    expect((await exported()).length).toBe(before);
  });

  it('counts a body sent in chunks, with no length declared: 413 over 64 KB, stored under it', async () => {
    const before = (await exported()).length;
    const chunked = (lead: Record<string, unknown>) =>
      fetch(`${desk.url}/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: new ReadableStream({
          start(controller) {
            const bytes = new TextEncoder().encode(JSON.stringify(lead));
            controller.enqueue(bytes.subarray(0, 100));
            controller.enqueue(bytes.subarray(100));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
    const big = await chunked(
      leadBody({ fields: { notes: 'x'.repeat(70_000), phone: '6045550135' } }),
    );
    expect(big.status).toBe(413);
    expect((await exported()).length).toBe(before);
    const small = await chunked(
      leadBody({ fields: { name: 'Chunked Visitor', phone: '6045550136' } }),
    );
    expect(small.status).toBe(201);
    expect((await exported()).length).toBe(before + 1);
  });

  it('stores HTML in a name as inert text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const res = await postJson(
      `${desk.url}/leads`,
      leadBody({
        idempotencyKey: 'html-1',
        conversationId: 'call-h',
        fields: { name, phone: '6045559999' },
      }),
    );
    expect(res.status).toBe(201);
    const line = (await exported()).find((l) => l.idempotencyKey === 'html-1');
    expect(line?.person.name).toBe(name);
  });

  it('a chat’s later widget transcript with more lines replaces its earlier one; a late shorter copy does not', async () => {
    await postJson(
      `${desk.url}/leads`,
      leadBody({ idempotencyKey: 'chat-r-lead', conversationId: 'chat-r', toolCallId: 'r' }),
    );
    const transcript = (key: string, texts: string[]) => ({
      kind: 'conversation',
      idempotencyKey: key,
      conversationId: 'chat-r',
      channel: 'chat',
      messages: texts.map((text, i) => ({ role: i % 2 ? 'assistant' : 'user', text })),
    });
    const early = transcript('chat-r-1', ['Can I book 2 PM?', 'Booked.']);
    const later = transcript('chat-r-2', [
      'Can I book 2 PM?',
      'Booked.',
      'Thanks!',
      'You’re welcome.',
    ]);
    expect((await postJson(`${desk.url}/leads`, early)).status).toBe(201);
    expect((await postJson(`${desk.url}/leads`, later)).status).toBe(201);
    const stale = await postJson(`${desk.url}/leads`, early);
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ ok: true, stored: false });
    const line = (await exported()).find((l) => l.idempotencyKey === 'chat-r-lead');
    expect(line?.conversation?.transcript).toBe(
      'Visitor: Can I book 2 PM?\nAssistant: Booked.\nVisitor: Thanks!\nAssistant: You’re welcome.',
    );
  });

  it('answers CORS preflight for an allowed origin only, and refuses another origin with 403', async () => {
    const ok = await fetch(`${desk.url}/leads`, {
      method: 'OPTIONS',
      headers: {
        origin: TEST_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN);
    const other = await fetch(`${desk.url}/leads`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const post = await postJson(`${desk.url}/leads`, leadBody(), {
      origin: 'https://evil.example',
    });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe(
      'origin-not-allowed',
    );
  });

  it('logs one line per request with no name, phone, email or transcript', async () => {
    await postJson(
      `${desk.url}/leads`,
      leadBody({ idempotencyKey: 'log-1', conversationId: 'call-log' }),
    );
    // Numbers (the time in ms since the epoch, a duration) can hold "604" by chance; personal
    // data would be a string.
    const text = JSON.stringify(desk.logLines, (_key, value) =>
      typeof value === 'number' ? undefined : value,
    );
    expect(desk.logLines.some((l) => l.msg === 'request' && l.path === '/leads')).toBe(true);
    for (const secret of ['Sam Rivera', 'sam@example.com', '604', '0134']) {
      expect(text.includes(secret), secret).toBe(false);
    }
  });

  it('answers 429 past the per-IP rate, and later requests are refused until the window ends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      const res = await postJson(`${desk.url}/leads`, '{');
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });
});
