import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { WebCallCreator } from '../../widget/call/call-client.ts';
import { CallClient } from '../../widget/call/call-client.ts';
import { CallError } from '../../widget/call/errors.ts';
import { callHarness, ROOM_URL, scenario, startCall } from '../helpers/call-scenario.ts';
import {
  createFakeDaily,
  fakeAudioContexts,
  fakeMediaDevices,
  speakerParticipant,
} from '../helpers/fake-daily.ts';

// "Fix what the field reports": every case the platform SDK got wrong, on fake timers.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** A createWebCall that stays pending until its signal aborts. */
const pendingWebCall: WebCallCreator = (_payload, signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

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

describe('join timeout and join rejections', () => {
  test('a join that hangs fails with daily-call-join-error after 15 s by default', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(h.client.state).toBe('starting');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.client.state).toBe('idle');
    const [error] = h.recorder.payloads('error');
    expect(error).toMatchObject({ code: 'daily-call-join-error', stage: 'daily-call-join' });
    expect(error?.message).toBe(
      'Could not connect to the call. Check your connection and try again (no answer within 15 s).',
    );
    expect(h.daily.room.state.destroyed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('the join timeout is configurable', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } }, client: { joinTimeoutMs: 8000 } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(8000);
    expect(h.recorder.lines()).toContain(
      'call-start-failed:daily-call-join(daily-call-join-error)',
    );
  });

  test.each([
    ['a plain string (daily-js offline)', 'connection-error', 'connection-error'],
    ['an Error', new Error('room not found'), 'room not found'],
    ['a daily error object', { errorMsg: 'meeting full' }, 'meeting full'],
  ])(
    'a join rejected with %s becomes a typed CallError keeping the cause',
    async (_, reason, detail) => {
      const h = callHarness({ daily: { join: { kind: 'reject', reason } } });
      await startCall(h);
      const [error] = h.recorder.payloads('error');
      expect(error).toBeInstanceOf(CallError);
      expect(error).toMatchObject({
        name: 'CallError',
        code: 'daily-call-join-error',
        cause: reason,
      });
      expect(error?.message).toContain(`(${detail})`);
    },
  );

  test('a fatal room error while joining fails the join at once', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    h.daily.room.emit('error', { errorMsg: 'no-room', error: { type: 'no-room', msg: 'no room' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.recorder.lines().slice(-3)).toEqual([
      'state:idle',
      'call-start-failed:daily-call-join(daily-call-join-error)',
      'error:daily-call-join-error@daily-call-join',
    ]);
  });
});

describe('stop() during starting cancels cleanly', () => {
  test('while the web call is being created: aborted, no room, mic released, idle, no error', async () => {
    const h = callHarness({ createWebCall: pendingWebCall });
    const result = h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    await h.client.stop();
    expect(await result).toBeNull();
    expect(h.recorder.lines()).toEqual([
      'state:starting',
      'stage:initialization:started',
      'stage:initialization:completed',
      'stage:web-call-creation:started',
      'stage:web-call-creation:cancelled',
      'state:idle',
    ]);
    expect(h.daily.rooms).toEqual([]);
    expect(h.media.allReleased()).toBe(true);
  });

  test('while joining: the room is destroyed and nothing stays subscribed', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    await h.client.stop();
    expect(h.recorder.lines().slice(-2)).toEqual(['stage:daily-call-join:cancelled', 'state:idle']);
    expect(h.daily.room.state.destroyed).toBe(true);
    expect(h.daily.room.listenerCount()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    h.daily.room.finishJoin(); // a late answer from the room changes nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(h.client.state).toBe('idle');
  });

  test('during the mobile wait, and while the microphone prompt is open', async () => {
    const mobile = callHarness({ client: { userAgent: 'Android 14; Mobile' } });
    void mobile.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(500);
    await mobile.client.stop();
    expect(mobile.recorder.lines().slice(-2)).toEqual([
      'stage:mobile-permissions:cancelled',
      'state:idle',
    ]);
    expect(vi.getTimerCount()).toBe(0);

    const prompt = callHarness();
    prompt.media.holdPrompts();
    void prompt.client.start({ assistant: 'a' });
    await prompt.client.stop();
    prompt.media.answerPrompt(); // the visitor answers after leaving: the mic is released at once
    await vi.advanceTimersByTimeAsync(0);
    expect(prompt.media.allReleased()).toBe(true);
    expect(prompt.webCalls).toEqual([]);
  });

  test('a room object that arrives after stop() is destroyed at once', async () => {
    const daily = createFakeDaily();
    let release: () => void = () => undefined;
    const slowFactory: typeof daily.factory = (options) =>
      new Promise((resolve) => {
        release = () => resolve(daily.factory(options));
      });
    const h = callHarness({ client: { transportFactory: slowFactory } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    await h.client.stop();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(daily.room.state.destroyed).toBe(true);
  });

  test('start works again right after a cancelled start', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    await h.client.stop();
    h.daily.setJoin({ kind: 'resolve' });
    expect(await startCall(h)).not.toBeNull();
    expect(h.daily.rooms).toHaveLength(2);
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

describe('audio-processor errors (SPEC §8)', () => {
  test('noise processing is turned off and local audio comes back for an unmuted user', async () => {
    const h = callHarness();
    await startCall(h);
    h.daily.room.emit('nonfatal-error', {
      type: 'audio-processor-error',
      errorMsg: 'worklet crashed',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.daily.room.inputSettings.at(-1)).toEqual({ audio: { processor: { type: 'none' } } });
    expect(h.daily.room.calls.at(-1)).toBe('setLocalAudio(true)');
  });

  test('a user who muted themselves is never unmuted by it', async () => {
    const h = callHarness();
    await startCall(h);
    h.client.setMuted(true);
    h.daily.room.emit('nonfatal-error', {
      type: 'audio-processor-error',
      errorMsg: 'worklet crashed',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.daily.room.inputSettings.at(-1)).toEqual({ audio: { processor: { type: 'none' } } });
    expect(h.daily.room.calls.filter((c) => c.startsWith('setLocalAudio'))).toEqual([
      'setLocalAudio(false)',
    ]);
    expect(h.client.isMuted()).toBe(true);
  });

  test('other non-fatal errors change nothing', async () => {
    const h = callHarness();
    await startCall(h);
    const calls = h.daily.room.calls.length;
    h.daily.room.emit('nonfatal-error', { type: 'screen-share-error', errorMsg: 'x' });
    expect(h.daily.room.calls).toHaveLength(calls);
  });
});

describe('the 4 KB app-message limit', () => {
  test('an oversize message is a clear error and never reaches daily-js', async () => {
    const h = callHarness();
    await startCall(h);
    const before = h.daily.room.calls.length;
    expect(() => h.client.say('x'.repeat(5000))).toThrow(
      expect.objectContaining({ code: 'message-too-large', name: 'CallError' }),
    );
    expect(() => h.client.say('x'.repeat(5000))).toThrow(/limit is 4096/);
    expect(h.daily.room.calls).toHaveLength(before);
    h.client.say('x'.repeat(3900));
    expect(h.daily.room.sent).toHaveLength(1);
  });

  test('the limit counts the escaped JSON text, as daily-js does', async () => {
    const h = callHarness();
    await startCall(h);
    // 2000 quotes become 4000+ characters once escaped twice: over the limit.
    expect(() => h.client.say('"'.repeat(1000))).toThrow(/too large/);
  });
});
