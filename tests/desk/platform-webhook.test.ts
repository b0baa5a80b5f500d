import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCaptures } from '../../desk/cli/export-command.ts';
import { postJson, startTestDesk, type TestDesk, viewingBody } from '../helpers/desk-harness.ts';
import { createSpecValidator } from '../helpers/openapi-validator.ts';
import {
  endOfCallReport,
  toolCall,
  toolCallsMessage,
  transferRequest,
} from './fixtures/platform-messages.ts';

const SECRET = 'platform-secret-for-tests-0123456789';
const spec = createSpecValidator();
let desk: TestDesk;
let clock = new Date('2026-11-25T19:00:00.000Z'); // Wednesday 11:00 in Vancouver: open

beforeAll(async () => {
  desk = await startTestDesk(
    { DESK_PLATFORM_SECRET: SECRET },
    { deliver: false, now: () => clock },
  );
});
afterAll(() => desk?.close());

function webhook(body: unknown, secret: string | null = SECRET) {
  return fetch(`${desk.url}/platform/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret !== null && { 'x-vapi-secret': secret }),
    },
    body: JSON.stringify(body),
  });
}

async function exported(): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  await exportCaptures(desk.services.database.db, (l) => lines.push(l));
  return lines.map((l) => JSON.parse(l));
}

describe("the fixtures are the platform's messages", () => {
  it('match the ServerMessage* schemas', () => {
    const calls = [toolCall('tc-0', 'capture_lead', { name: 'A', phone: '6045550100' })];
    expect(spec.errors('ServerMessageToolCalls', toolCallsMessage('c', calls).message)).toEqual([]);
    expect(spec.errors('ServerMessageEndOfCallReport', endOfCallReport('c').message)).toEqual([]);
    expect(
      spec.errors('ServerMessageTransferDestinationRequest', transferRequest('c').message),
    ).toEqual([]);
  });
});

describe('POST /platform/webhook', () => {
  it('refuses a missing or wrong x-vapi-secret with 401 and stores nothing', async () => {
    const body = toolCallsMessage('call-401', [
      toolCall('tc-401', 'capture_lead', { name: 'Eve', phone: '6045550199' }),
    ]);
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, `${SECRET}x`)).status).toBe(401);
    expect((await webhook(body, 'short')).status).toBe(401);
    expect((await exported()).some((l) => l.conversationId === 'call-401')).toBe(false);
  });

  it('answers tool-calls with results valid for ServerMessageResponseToolCalls, storing the capture', async () => {
    const body = toolCallsMessage('call-w1', [
      toolCall('tc-1', 'request_viewing', {
        preferred_times: ['Saturday 2:00 PM'],
        name: 'Sam Rivera',
        phone: '604 555 0134',
      }),
      toolCall('tc-2', 'capture_lead', { name: 'Sam Rivera' }),
      toolCall('tc-3', 'lookup_weather', { city: 'Vancouver' }),
    ]);
    const res = await webhook(body);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { results: { toolCallId: string; result: string }[] };
    expect(spec.errors('ServerMessageResponseToolCalls', answer)).toEqual([]);
    expect(answer.results.map((r) => r.toolCallId)).toEqual(['tc-1', 'tc-2']);
    expect(answer.results[0]?.result).toMatch(/^Saved\. .*Daniel Okafor/);
    expect(answer.results[1]?.result).toMatch(/^Not saved: .*phone number or an email/);
    const line = (await exported()).find((l) => l.conversationId === 'call-w1');
    expect(line).toMatchObject({
      kind: 'viewing-request',
      listing: { address: '14 Linden Court', id: 'MRR-14-LINDEN' },
      assignedTo: { name: 'Daniel Okafor' },
      consent: { version: '0123456789abcdef', acceptedAt: '2026-11-25T18:58:00.000Z' },
      // Saturday 28 November in Vancouver is MST (UTC-7) in the pinned tz database.
      viewingTimes: [{ said: 'Saturday 2:00 PM', start: '2026-11-28T14:00:00.000-07:00' }],
    });
  });

  it('stores the same capture once when the widget and the platform both deliver it', async () => {
    const args = { preferred_times: ['tomorrow at 10am'], name: 'Ana', email: 'ana@example.com' };
    await webhook(toolCallsMessage('call-both', [toolCall('tc-b', 'request_viewing', args)]));
    const widget = await postJson(
      `${desk.url}/leads`,
      viewingBody({
        conversationId: 'call-both',
        toolCallId: 'tc-b',
        fields: { preferredTimes: ['tomorrow at 10am'], name: 'Ana', email: 'ana@example.com' },
      }),
    );
    expect(widget.status).toBe(200);
    expect((await exported()).filter((l) => l.conversationId === 'call-both')).toHaveLength(1);
  });

  it('caps a conversation at 3 captures, as the widget does', async () => {
    const calls = [1, 2, 3, 4].map((n) =>
      toolCall(`cap-${n}`, 'capture_lead', { name: `P${n}`, phone: `604555010${n}` }),
    );
    const res = await webhook(toolCallsMessage('call-cap', calls));
    const { results } = (await res.json()) as { results: { result: string }[] };
    expect(results.map((r) => r.result.split('.')[0])).toEqual([
      'Saved',
      'Saved',
      'Saved',
      'Not saved: this conversation reached the limit of requests',
    ]);
    expect((await exported()).filter((l) => l.conversationId === 'call-cap')).toHaveLength(3);
  });

  it("stores the end-of-call report and links it to the call's captures; it wins over the widget's transcript", async () => {
    await postJson(`${desk.url}/leads`, {
      kind: 'conversation',
      idempotencyKey: 'conv-w1-widget',
      conversationId: 'call-w1',
      messages: [{ role: 'assistant', text: 'widget transcript' }],
    });
    expect((await webhook(endOfCallReport('call-w1'))).status).toBe(200);
    const late = await postJson(`${desk.url}/leads`, {
      kind: 'conversation',
      idempotencyKey: 'conv-w1-widget-2',
      conversationId: 'call-w1',
      messages: [{ role: 'assistant', text: 'a later widget transcript' }],
    });
    expect(late.status).toBe(200);
    const line = (await exported()).find((l) => l.conversationId === 'call-w1');
    expect(line?.conversation).toEqual({
      summary: 'Sam wants to view 14 Linden Court on Saturday at 2 PM.',
      transcript: 'AI: Hi, I am Nora.\nUser: Can I see 14 Linden Court on Saturday?',
      recordingUrl: 'https://storage.example/recordings/call.wav',
      durationSeconds: 270,
      endedReason: 'customer-ended-call',
    });
  });

  it('answers transfer-destination-request with the on-duty agent inside office hours, and no destination outside', async () => {
    const open = await webhook(transferRequest('call-t1'));
    const inside = (await open.json()) as Record<string, any>;
    expect(spec.errors('ServerMessageResponseTransferDestinationRequest', inside)).toEqual([]);
    expect(inside.destination).toMatchObject({ type: 'number', number: '+16045550102' });
    clock = new Date('2026-11-26T06:00:00.000Z'); // Wednesday 22:00 in Vancouver: closed
    const closed = (await (await webhook(transferRequest('call-t2'))).json()) as Record<
      string,
      any
    >;
    clock = new Date('2026-11-25T19:00:00.000Z');
    expect(spec.errors('ServerMessageResponseTransferDestinationRequest', closed)).toEqual([]);
    expect(closed.destination).toBeUndefined();
    expect(JSON.stringify(closed.message)).toMatch(/callback/);
  });

  it('answers 200 to other message types and 400 to a body that breaks its schema', async () => {
    const status = await webhook({ message: { type: 'status-update', status: 'in-progress' } });
    expect(status.status).toBe(200);
    const broken = await webhook({ message: { type: 'end-of-call-report', call: { id: 'x' } } });
    expect(broken.status).toBe(400);
    const json = (await broken.json()) as { error: { code: string; message: string } };
    expect(json.error.message).toMatch(/ServerMessageEndOfCallReport/);
  });

  it('stores a 10 MB transcript whole, as text, and keeps answering', async () => {
    const words = 'Could we see the garden <b>first</b>? '.repeat(270_000); // about 10 MB
    await postJson(`${desk.url}/leads`, viewingBody({ conversationId: 'call-10mb' }));
    const res = await webhook(
      endOfCallReport('call-10mb', { artifact: { transcript: words, messages: [] } }),
    );
    expect(res.status).toBe(200);
    const line = (await exported()).find((l) => l.conversationId === 'call-10mb');
    expect(line?.conversation.transcript.length).toBe(words.length);
    expect(line?.conversation.transcript.startsWith('Could we see the garden <b>first</b>?')).toBe(
      true,
    );
    expect((await fetch(`${desk.url}/health`)).status).toBe(200);
  });

  it('refuses a 20 MB body with 413 and malformed JSON with 400', async () => {
    const huge = endOfCallReport('call-huge', {
      artifact: { transcript: 'x'.repeat(20 * 1024 * 1024), messages: [] },
    });
    expect((await webhook(huge)).status).toBe(413);
    const bad = await fetch(`${desk.url}/platform/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET },
      body: '{"message":',
    });
    expect(bad.status).toBe(400);
  });
});

describe('without DESK_PLATFORM_SECRET', () => {
  it('answers 503 not configured to everything', async () => {
    const closed = await startTestDesk({}, { deliver: false });
    try {
      const res = await fetch(`${closed.url}/platform/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vapi-secret': 'anything' },
        body: JSON.stringify(transferRequest('c')),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /^not configured/,
      );
    } finally {
      await closed.close();
    }
  });
});
