import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCaptures } from '../../desk/cli/export-command.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import {
  platformCall,
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
  return fetch(`${desk.url}/platform/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET },
    body: JSON.stringify(body),
  });
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
