import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCaptures } from '../../desk/cli/export-command.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import {
  endOfCallReport,
  platformCall,
  postPlatformMessage,
  toolCall,
  toolCallsMessage,
  transferRequest,
} from './fixtures/platform-messages.ts';

/**
 * Hostile bodies on both doors (issue 31): each answer is what a user of the API would rely on,
 * checked over real HTTP on 127.0.0.1.
 */

const SECRET = 'platform-secret-for-hostile-tests-0123';
const ON_DUTY_PHONE = /6045550102|\+16045550102/;
let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk(
    { DESK_PLATFORM_SECRET: SECRET },
    // Wednesday 11:00 in Vancouver: inside office hours, when a transfer names the on-duty agent.
    { deliver: false, now: () => new Date('2026-11-25T19:00:00.000Z') },
  );
});
afterAll(() => desk?.close());

function webhook(body: unknown) {
  return postPlatformMessage(desk.url, SECRET, body);
}

/** The parts of an exported capture these tests read. */
interface ExportLine {
  idempotencyKey: string;
  conversationId: string | null;
  listing: { url?: string };
}

async function exported(): Promise<ExportLine[]> {
  const lines: string[] = [];
  await exportCaptures(desk.services.database.db, (l) => lines.push(l));
  return lines.map((l) => JSON.parse(l) as ExportLine);
}

describe('POST /platform/webhook with a prototype key as the message type', () => {
  it('answers 200 with nothing, and never the on-duty agent’s phone', async () => {
    // The real transfer request names the phone: the probe below would see a leak.
    const real = await (await webhook(transferRequest('call-proto'))).text();
    expect(real).toMatch(ON_DUTY_PHONE);
    for (const type of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const { message } = transferRequest('call-proto');
      const res = await webhook({ message: { ...message, type } });
      expect(res.status, type).toBe(200);
      const text = await res.text();
      expect(text, type).not.toMatch(ON_DUTY_PHONE);
      expect(JSON.parse(text), type).toEqual({});
    }
  });
});

describe('URL fields from either door', () => {
  const HOSTILE = ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox(1)'];

  it('keeps only http(s) listing URLs from POST /leads', async () => {
    for (const [n, url] of HOSTILE.entries()) {
      const res = await postJson(
        `${desk.url}/leads`,
        leadBody({
          idempotencyKey: `url-w-${n}`,
          conversationId: null,
          toolCallId: null,
          listing: { address: '14 Linden Court', url },
        }),
      );
      expect(res.status, url).toBeLessThan(300);
    }
    await postJson(
      `${desk.url}/leads`,
      leadBody({
        idempotencyKey: 'url-w-ok',
        conversationId: null,
        toolCallId: null,
        listing: { url: 'https://maple-ridge.example/listings/14' },
      }),
    );
    const lines = (await exported()).filter((l) => String(l.idempotencyKey).startsWith('url-w-'));
    expect(lines.map((l) => l.listing.url ?? null).sort()).toEqual([
      'https://maple-ridge.example/listings/14',
      null,
      null,
      null,
    ]);
  });

  it('keeps only http(s) listing URLs from the platform’s variables', async () => {
    for (const [n, url] of HOSTILE.entries()) {
      const { message } = toolCallsMessage(`call-url-${n}`, [
        toolCall(`tc-url-${n}`, 'capture_lead', { name: 'Sam', phone: '6045550134' }),
      ]);
      const call = platformCall(`call-url-${n}`);
      const variableValues = { ...call.assistantOverrides.variableValues, listing_url: url };
      const body = {
        message: { ...message, call: { ...call, assistantOverrides: { variableValues } } },
      };
      expect((await webhook(body)).status, url).toBe(200);
    }
    const lines = (await exported()).filter((l) =>
      String(l.conversationId).startsWith('call-url-'),
    );
    expect(lines).toHaveLength(HOSTILE.length);
    expect(lines.map((l) => l.listing.url ?? null)).toEqual([null, null, null]);
  });
});

describe('text and dates the database cannot hold', () => {
  const LONE = '\ud800';
  const fresh = (name: string) => ({
    idempotencyKey: `hostile-${name}`,
    conversationId: null,
    toolCallId: null,
  });
  /** A body, and the field the 400 must name. */
  const CASES: [string, Record<string, unknown>, string][] = [
    [
      'nul-page',
      leadBody({ ...fresh('nul-page'), pageUrl: 'https://a.example/\u0000x' }),
      'pageUrl',
    ],
    [
      'lone-name',
      leadBody({ ...fresh('lone-name'), fields: { name: `Sam ${LONE}`, phone: '6045550134' } }),
      'fields.name',
    ],
    [
      'lone-notes',
      leadBody({ ...fresh('lone-notes'), fields: { notes: `x\udc00y`, phone: '6045550134' } }),
      'fields.notes',
    ],
    [
      'lone-listing',
      leadBody({ ...fresh('lone-listing'), listing: { address: `1${LONE} Main` } }),
      'listing.address',
    ],
    [
      'lone-consent',
      leadBody({
        ...fresh('lone-consent'),
        consent: { version: 'v1', text: `ok ${LONE}`, acceptedAt: '2026-11-25T18:58:00.000Z' },
      }),
      'consent.text',
    ],
    [
      'year-275760',
      leadBody({ ...fresh('year-275760'), capturedAt: '+275760-09-13T00:00:00.000Z' }),
      'capturedAt',
    ],
    [
      'year-0000',
      leadBody({ ...fresh('year-0000'), capturedAt: '0000-01-01T00:00:00.000Z' }),
      'capturedAt',
    ],
    [
      'year-0000-consent',
      leadBody({
        ...fresh('year-0000-consent'),
        consent: { version: 'v1', acceptedAt: '0000-06-01T00:00:00Z' },
      }),
      'consent.acceptedAt',
    ],
    [
      'year-shifted',
      leadBody({ ...fresh('year-shifted'), capturedAt: '0001-01-01T00:30:00+01:00' }),
      'capturedAt',
    ],
    [
      'nul-transcript',
      {
        kind: 'conversation',
        idempotencyKey: 'hostile-conv-1',
        conversationId: 'call-hostile-1',
        messages: [{ role: 'user', text: 'hi\u0000there' }],
      },
      'messages[0].text',
    ],
    [
      'lone-transcript',
      {
        kind: 'conversation',
        idempotencyKey: 'hostile-conv-2',
        conversationId: 'call-hostile-2',
        messages: [
          { role: 'user', text: 'fine' },
          { role: 'assistant', text: `a${LONE}` },
        ],
      },
      'messages[1].text',
    ],
    [
      'nul-ended',
      {
        kind: 'conversation',
        idempotencyKey: 'hostile-conv-3',
        conversationId: 'call-hostile-3',
        messages: [],
        endedReason: 'x\u0000',
      },
      'endedReason',
    ],
    [
      'year-conversation',
      {
        kind: 'conversation',
        idempotencyKey: 'hostile-conv-4',
        conversationId: 'call-hostile-4',
        messages: [],
        startedAt: '+275760-01-01T00:00:00Z',
      },
      'startedAt',
    ],
  ];

  it('answers POST /leads with 400 naming the field, never 503, and stores nothing', async () => {
    for (const [name, body, field] of CASES) {
      const res = await postJson(`${desk.url}/leads`, body);
      expect(res.status, name).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code, name).toBe('invalid-field');
      expect(error.message.startsWith(`${field} `), `${name}: ${error.message}`).toBe(true);
    }
    const keys = (await exported()).map((l) => l.idempotencyKey);
    expect(keys.filter((k) => k.startsWith('hostile-'))).toEqual([]);
    expect((await fetch(`${desk.url}/health`)).status).toBe(200);
  });

  it('answers the webhook with 400 for an end-of-call report the database cannot hold', async () => {
    const report = endOfCallReport('call-hostile-eoc', {
      artifact: { transcript: 'Hello\u0000 there', messages: [] },
    });
    const res = await webhook(report);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message.startsWith('transcript ')).toBe(true);
  });
});

describe('a large end-of-call transcript', () => {
  it('is stored whole after a capture, and the capture is still found by its words', async () => {
    // About 1 MB of distinct words: more than a search vector can hold.
    const words = Array.from({ length: 140_000 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    expect(words.length).toBeGreaterThan(800_000);
    const capture = toolCallsMessage('call-big', [
      toolCall('tc-big', 'capture_lead', { name: 'Robin Vale', phone: '6045550177' }),
    ]);
    expect((await webhook(capture)).status).toBe(200);
    const report = endOfCallReport('call-big', { artifact: { transcript: words, messages: [] } });
    expect((await webhook(report)).status).toBe(200);
    const line = (await exported()).find((l) => l.conversationId === 'call-big') as
      | (ExportLine & { conversation: { transcript: string } })
      | undefined;
    expect(line?.conversation.transcript).toBe(words);
    // The first and the last words are both found.
    for (const word of ['w0x', `w${(139_999).toString(36)}x`]) {
      const found = await sql<{ conversation_id: string }>`
        select c.conversation_id from captures c join leads l on l.id = c.lead_id
        where l.search @@ plainto_tsquery('english', ${word})`.execute(desk.services.database.db);
      expect(
        found.rows.map((r) => r.conversation_id),
        word,
      ).toContain('call-big');
    }
  });
});
