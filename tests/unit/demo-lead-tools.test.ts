import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallClient } from '../../widget/call/call-client.ts';
import {
  END_OF_TURN_SILENCE_MS,
  HANG_UP_DELAY_MS,
  TOOL_RESULT_TIMEOUT_MS,
} from '../../widget/demo/demo-timings.ts';
import { DemoTransport } from '../../widget/demo/demo-transport.ts';
import { createDemoWebCall } from '../../widget/demo/demo-web-call.ts';
import type { Capture } from '../../widget/leads/capture.ts';
import { LeadDeliveryQueue } from '../../widget/leads/delivery-queue.ts';
import { LeadTools } from '../../widget/leads/lead-tools.ts';
import { toolResultMessage } from '../../widget/leads/tool-result.ts';
import { FakeAudioEngine, fakeTrack } from '../fixtures/demo/fake-audio-engine.ts';

let engine: FakeAudioEngine;
let client: CallClient;

beforeEach(() => {
  vi.useFakeTimers();
  engine = new FakeAudioEngine();
  const mic = fakeTrack();
  client = new CallClient({
    publicKey: 'demo',
    createWebCall: createDemoWebCall(),
    transportFactory: async (options) => new DemoTransport({ options, createEngine: () => engine }),
    mediaDevices: {
      getUserMedia: async () =>
        ({ getAudioTracks: () => [mic], getTracks: () => [mic] }) as unknown as MediaStream,
    },
    now: () => Date.now(),
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  });
});

afterEach(async () => {
  await client.stop();
  vi.useRealTimers();
});

/** The visitor answers twice: the listing question, then the time with a name and a phone. */
async function playToBooking(): Promise<void> {
  void client.start({ assistant: 'demo' });
  await vi.advanceTimersByTimeAsync(6000);
  for (let turn = 0; turn < 2; turn += 1) {
    engine.micLevelValue = 0.1;
    await vi.advanceTimersByTimeAsync(1500);
    engine.micLevelValue = 0;
    await vi.advanceTimersByTimeAsync(END_OF_TURN_SILENCE_MS + (turn === 0 ? 10_000 : 0));
  }
  await vi.advanceTimersByTimeAsync(1000);
}

describe('the demo call produces a lead and a viewing request through the call client', () => {
  it('emits tool-calls as messages; the page answers with add-message and the assistant goes on at once', async () => {
    let callId: string | null = null;
    client.on('call-start-success', (report) => {
      callId = report.callId ?? null;
    });
    const tools = new LeadTools({
      listing: { address: '14 Linden Court', agentName: 'Daniel' },
      conversationId: () => callId,
    });
    const captures: Capture[] = [];
    const posted: unknown[] = [];
    const queue = new LeadDeliveryQueue({
      endpoint: 'http://127.0.0.1:4173/forms/lead',
      fetch: async (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        return new Response('{"ok":true}', { status: 200 });
      },
      storage: null,
    });
    const results: string[] = [];
    client.on('message', (message) => {
      for (const outcome of tools.handle(message)) {
        if (outcome.capture) {
          captures.push(outcome.capture);
          void queue.deliver(outcome.capture);
        }
        results.push(outcome.result);
        client.send(toolResultMessage(outcome.toolCallId, outcome.result));
      }
    });

    await playToBooking();
    // Well before the assistant's wait for results would run out, it is already confirming.
    expect(engine.played).toEqual(['greeting', 'listing', 'slots', 'booked']);
    expect(results).toHaveLength(2);
    expect(results.every((r) => r.startsWith('Saved.'))).toBe(true);
    expect(captures.map((c) => c.kind)).toEqual(['viewing-request', 'lead']);
    expect(captures[0]?.fields).toEqual({
      listing: '14 Linden Court',
      preferredTimes: ['Saturday 2:00 PM'],
      name: 'Sam Rivera',
      phone: '604 555 0134',
    });
    expect(captures[1]?.fields).toMatchObject({
      name: 'Sam Rivera',
      phone: '604 555 0134',
      intent: 'buy',
      // The visitor's own tick on the contact card says yes; the demo's spoken yes is kept.
      consentToContact: false,
      spokenConsent: true,
    });
    expect(captures.map((c) => c.conversationId)).toEqual([callId, callId]);
    expect(callId).toMatch(/^demo-/);
    expect(posted).toEqual(captures);

    await vi.advanceTimersByTimeAsync(10_000 + HANG_UP_DELAY_MS);
    expect(client.state).toBe('idle');
  });

  it('without a page that answers, the assistant waits for the timeout and then confirms', async () => {
    await playToBooking();
    expect(engine.played).toEqual(['greeting', 'listing', 'slots']);
    await vi.advanceTimersByTimeAsync(TOOL_RESULT_TIMEOUT_MS);
    expect(engine.played).toEqual(['greeting', 'listing', 'slots', 'booked']);
  });
});
