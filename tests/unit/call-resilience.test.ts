import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CallClient } from '../../widget/call/call-client.ts';
import { callHarness, ROOM_URL, scenario, startCall } from '../helpers/call-scenario.ts';
import {
  createFakeDaily,
  fakeAudioContexts,
  fakeMediaDevices,
  speakerParticipant,
} from '../helpers/fake-daily.ts';

// A client a host can lean on: no failure or listener bug leaves it unable to start again, two
// instances never share a key, a double start gives one call, and cycles leak nothing.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('it never bricks itself', () => {
  test('with no error listener a failed start cleans up and the next start works', async () => {
    let fail = true;
    const h = callHarness({
      createWebCall: async () => {
        if (fail) {
          throw new Error('503');
        }
        return { id: 'ok', webCallUrl: ROOM_URL };
      },
    });
    h.recorder.stop();
    expect(h.client.listenerCount()).toBe(0);
    expect(await startCall(h)).toBeNull();
    expect(h.client.state).toBe('idle');
    expect(h.media.allReleased()).toBe(true);
    fail = false;
    expect(await startCall(h)).toEqual({ id: 'ok', webCallUrl: ROOM_URL });
    expect(h.client.state).toBe('connected');
  });

  test('a listener that throws is logged; the other listeners and the call go on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = callHarness();
    h.client.on('state-change', () => {
      throw new Error('host bug');
    });
    const seen: string[] = [];
    h.client.on('state-change', (state) => seen.push(state));
    await startCall(h);
    expect(seen).toEqual(['starting', 'connected']);
    expect(h.client.state).toBe('connected');
    expect(logged).toHaveBeenCalledTimes(2);
  });

  test('a start() from inside call-start-failed or call-end listeners is accepted', async () => {
    const h = callHarness({ microphoneError: new DOMException('busy', 'NotReadableError') });
    const restarts: Array<Promise<unknown>> = [];
    h.client.once('call-start-failed', () => {
      h.media.failWith(undefined);
      restarts.push(h.client.start({ assistant: 'again' }));
    });
    await startCall(h);
    await vi.advanceTimersByTimeAsync(0);
    expect(await restarts[0]).not.toBeNull();
    expect(h.client.state).toBe('connected');
  });
});

describe('each instance has its own API client and key', () => {
  test('two clients send their own bearer key to their own base URL', async () => {
    const requests: Array<{ url: string; auth: string | null }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        requests.push({ url: request.url, auth: request.headers.get('authorization') });
        return new Response(JSON.stringify({ id: 'c', webCallUrl: ROOM_URL }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const clients = ['a', 'b'].map(
      (name) =>
        new CallClient({
          publicKey: `pk-${name}`,
          apiBaseUrl: `https://${name}.api.test`,
          transportFactory: createFakeDaily().factory,
          mediaDevices: fakeMediaDevices().mediaDevices,
          userAgent: 'desktop',
        }),
    );
    for (const client of clients) {
      void client.start({ assistant: 'x' });
      // The API client is loaded lazily on the first start (a real dynamic import).
      await vi.waitFor(() => expect(client.state).toBe('connected'));
    }
    expect(requests).toEqual([
      { url: 'https://a.api.test/call/web', auth: 'Bearer pk-a' },
      { url: 'https://b.api.test/call/web', auth: 'Bearer pk-b' },
    ]);
  });
});

describe('double start gives one call', () => {
  test('a second start while starting or connected is reported as already-started and ignored', async () => {
    const h = callHarness();
    const first = h.client.start({ assistant: 'a' });
    const second = h.client.start({ assistant: 'a' });
    expect(await second).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).not.toBeNull();
    expect(await h.client.start({ assistant: 'a' })).toBeNull();
    expect(h.webCalls).toHaveLength(1);
    expect(h.daily.rooms).toHaveLength(1);
    expect(h.media.microphones).toHaveLength(1);
    expect(h.recorder.lines().filter((line) => line.startsWith('stage:input-validation'))).toEqual([
      'stage:input-validation:failed(already-started)',
      'stage:input-validation:failed(already-started)',
    ]);
  });
});

describe('100 start/stop cycles', () => {
  test('leave zero listeners, timers, elements, audio contexts and live tracks', async () => {
    const contexts = fakeAudioContexts();
    const h = callHarness({ client: { audioContextFactory: contexts.factory } });
    h.recorder.stop();
    for (let cycle = 0; cycle < 100; cycle++) {
      if (cycle % 10 === 9) {
        // Every tenth cycle stops while still starting.
        h.daily.setJoin({ kind: 'hang' });
        void h.client.start({ assistant: 'a' });
        await vi.advanceTimersByTimeAsync(0);
        await h.client.stop();
        h.daily.setJoin({ kind: 'resolve' });
        continue;
      }
      await startCall(h);
      const room = h.daily.room;
      room.addParticipant(speakerParticipant());
      room.startTrack(speakerParticipant(), 'audio');
      await h.client.increaseMicLevel(1.5);
      await scenario(room).level(0.2).wait(100).run(); // speech-start arms the speech-end timer
      expect(document.querySelectorAll('audio')).toHaveLength(1);
      await h.client.stop();
    }
    expect(h.daily.rooms).toHaveLength(100);
    expect(h.daily.rooms.every((room) => room.state.destroyed && room.listenerCount() === 0)).toBe(
      true,
    );
    expect(vi.getTimerCount()).toBe(0);
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    expect(contexts.contexts).toHaveLength(90);
    expect(contexts.open()).toBe(0);
    expect(h.media.microphones).toHaveLength(100);
    expect(h.media.allReleased()).toBe(true);
    expect(h.client.listenerCount()).toBe(0);
    expect(h.client.state).toBe('idle');
  });
});
