import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallClient } from '../../widget/call/call-client.ts';
import { demoCallOptions } from '../../widget/demo/demo-call.ts';
import {
  END_OF_TURN_SILENCE_MS,
  HANG_UP_DELAY_MS,
  WEB_CALL_DELAY_MS,
} from '../../widget/demo/demo-timings.ts';
import { DemoTransport } from '../../widget/demo/demo-transport.ts';
import { createDemoWebCall } from '../../widget/demo/demo-web-call.ts';
import { FakeAudioEngine, fakeTrack } from '../fixtures/demo/fake-audio-engine.ts';

let engine: FakeAudioEngine;
let rooms: DemoTransport[];
let mic: ReturnType<typeof fakeTrack>;
let client: CallClient;
let events: string[];
const fetchSpy = vi.fn();

function track(name: string, detail = ''): void {
  const last = events.at(-1);
  const entry = detail ? `${name} ${detail}` : name;
  if (entry !== last) {
    events.push(entry);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchSpy);
  engine = new FakeAudioEngine();
  rooms = [];
  mic = fakeTrack();
  events = [];
  client = new CallClient({
    publicKey: 'demo',
    createWebCall: createDemoWebCall(),
    transportFactory: async (options) => {
      const room = new DemoTransport({ options, createEngine: () => engine });
      rooms.push(room);
      return room;
    },
    mediaDevices: {
      getUserMedia: async () =>
        ({ getAudioTracks: () => [mic], getTracks: () => [mic] }) as unknown as MediaStream,
    },
    now: () => Date.now(),
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  });
  client.on('state-change', (state) => track('state-change', state));
  client.on('call-start', () => track('call-start'));
  client.on('call-end', () => track('call-end'));
  client.on('speech-start', () => track('speech-start'));
  client.on('speech-end', () => track('speech-end'));
  client.on('error', (error) => track('error', error.code));
  client.on('message', (message) => {
    const m = message as { type: string; role?: string; transcriptType?: string; status?: string };
    track('message', [m.type, m.role ?? m.status, m.transcriptType].filter(Boolean).join(' '));
  });
});

afterEach(async () => {
  await client.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the call client over the demo room', () => {
  it('offers a demo key, a local web call and a transport factory', async () => {
    const options = demoCallOptions();
    expect(options.publicKey).toBe('demo');
    const response = await Promise.all([
      options.createWebCall?.({ assistantId: 'demo' }, new AbortController().signal),
      vi.advanceTimersByTimeAsync(WEB_CALL_DELAY_MS),
    ]).then(([r]) => r);
    expect(response?.webCallUrl).toMatch(/^demo:\/\/room\/demo-/);
    expect(response?.artifactPlan?.videoRecordingEnabled).toBe(false);
    expect(typeof options.transportFactory).toBe('function');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('cancels the local web call with its signal', async () => {
    const controller = new AbortController();
    const created = createDemoWebCall()({ assistantId: 'demo' }, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(created).rejects.toThrow('stopped');
  });

  it('runs a call end to end: connected, call-start, speech, transcripts, then a clean stop', async () => {
    const started = client.start({ assistant: 'demo' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(await started).not.toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    await client.stop();
    expect(events).toEqual([
      'state-change starting',
      'state-change connected',
      'call-start',
      'message status-update in-progress',
      'message speech-update assistant',
      'speech-start',
      'message transcript assistant partial',
      'message transcript assistant final',
      'message speech-update assistant',
      'speech-end',
      'state-change idle',
      'message status-update ended',
      'call-end',
    ]);
    expect(mic.readyState).toBe('ended');
    expect(rooms[0]?.pendingTimers).toBe(0);
    expect(rooms[0]?.listenerCount).toBe(0);
    expect(engine.closed).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('follows the script to the goodbye; the assistant hangs up without an error', async () => {
    void client.start({ assistant: 'demo' });
    await vi.advanceTimersByTimeAsync(3000 + 3000);
    for (let turn = 0; turn < 2; turn += 1) {
      engine.micLevelValue = 0.1;
      await vi.advanceTimersByTimeAsync(1500);
      engine.micLevelValue = 0;
      await vi.advanceTimersByTimeAsync(END_OF_TURN_SILENCE_MS + 10_000);
    }
    await vi.advanceTimersByTimeAsync(HANG_UP_DELAY_MS + 100);
    expect(engine.played).toEqual(['greeting', 'listing', 'slots', 'booked']);
    expect(client.state).toBe('idle');
    expect(events.slice(-5)).toEqual([
      'message speech-update assistant',
      'message status-update ended',
      'speech-end',
      'state-change idle',
      'call-end',
    ]);
    expect(events.some((e) => e.startsWith('error'))).toBe(false);
    expect(mic.readyState).toBe('ended');
  });

  it('mutes through the room: no answer while muted', async () => {
    void client.start({ assistant: 'demo' });
    await vi.advanceTimersByTimeAsync(6000);
    client.setMuted(true);
    expect(client.isMuted()).toBe(true);
    expect(mic.enabled).toBe(false);
    engine.micLevelValue = 0.1;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(engine.played).toEqual(['greeting']);
    client.setMuted(false);
    expect(client.isMuted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1500);
    engine.micLevelValue = 0;
    await vi.advanceTimersByTimeAsync(END_OF_TURN_SILENCE_MS + 1000);
    expect(engine.played).toEqual(['greeting', 'listing']);
  });

  it('answers say() and ends after it when asked', async () => {
    void client.start({ assistant: 'demo' });
    await vi.advanceTimersByTimeAsync(6000);
    const transcripts: string[] = [];
    client.on('message', (m) => {
      if (m.type === 'transcript' && 'transcriptType' in m && m.transcriptType === 'final') {
        transcripts.push(String(m.transcript));
      }
    });
    client.say('Thanks for visiting Maple Ridge Realty!', true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(transcripts).toEqual(['Thanks for visiting Maple Ridge Realty!']);
    expect(client.state).toBe('idle');
    expect(events).toContain('message status-update ended');
    expect(events.at(-1)).toBe('call-end');
  });
});
