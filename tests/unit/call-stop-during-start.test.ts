import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { WebCallCreator } from '../../widget/call/call-client.ts';
import type { CallEventName, CallEvents } from '../../widget/call/events.ts';
import { callHarness, startCall, webCallResponse } from '../helpers/call-scenario.ts';
import { createFakeDaily, speakerParticipant } from '../helpers/fake-daily.ts';
import { ALL_CALL_EVENTS, describeEvent, type RecordedEvent } from '../helpers/record-events.ts';

// The host pattern `call.on(<event>, () => call.stop())`, tried from every event a start emits.
// Rule (docs/behaviour.md#call-states): once stop() has been called, no later step may connect,
// emit call-start, or keep a track; stop() resolves once the client is idle and released.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** A createWebCall that stays pending until its signal aborts. */
const pendingWebCall: WebCallCreator = (_payload, signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

/** Room calls that release things; anything else after stop() is a step that should not run. */
const RELEASING = new Set(['destroy', 'stopRemoteParticipantsAudioLevelObserver', 'stopRecording']);

/**
 * A start that emits as many kinds of event as a start can: a recorded call (so the recording
 * stage runs), a failing noise-cancellation setup (an optional stage's `error`), and, while
 * joining, a server message, the early `listening`, the speaker's audio track, a level above
 * the speech threshold and the passed-on room events.
 *
 * `stopAt` calls `client.stop()` from the listener of the n-th event emitted (counting all
 * events in order), as a host listener would, and the returned promise is what stop() returned.
 */
async function startWithStopAt(stopAt: number) {
  const h = callHarness({
    daily: { join: { kind: 'hang' } },
    response: webCallResponse({ artifactPlan: { videoRecordingEnabled: true } }),
  });
  h.daily.failNext('updateInputSettings', new Error('noise processor failed'));
  let seen = 0;
  let stopped: Promise<void> | null = null;
  let atStop: { logLength: number; rooms: number; calls: number[] } | null = null;
  for (const event of ALL_CALL_EVENTS) {
    const listener = () => {
      if (seen++ === stopAt && !stopped) {
        atStop = {
          logLength: h.recorder.log.length,
          rooms: h.daily.rooms.length,
          calls: h.daily.rooms.map((room) => room.calls.length),
        };
        stopped = h.client.stop();
      }
    };
    h.client.on(event, listener as CallEvents[CallEventName]);
  }
  const started = h.client.start({ assistant: 'assistant-1' });
  await vi.advanceTimersByTimeAsync(0);
  const room = h.daily.rooms.at(0);
  if (room) {
    const speaker = speakerParticipant();
    room.appMessage(JSON.stringify({ type: 'status-update', status: 'in-progress' }));
    room.appMessage('listening');
    room.addParticipant(speaker);
    room.startTrack(speaker, 'audio');
    room.emit('remote-participants-audio-level', {
      participantsAudioLevel: { [speaker.session_id]: 0.5 },
    });
    room.emit('network-quality-change', {
      networkState: 'good',
      networkStateReasons: [],
      stats: {},
      threshold: 'good',
      quality: 100,
    });
    room.emit('camera-error', {
      errorMsg: { errorMsg: 'camera busy' },
      error: { type: 'cam-in-use', msg: 'busy' },
    });
    room.emit('network-connection', { type: 'signaling', event: 'connected' });
    room.finishJoin();
  }
  await vi.advanceTimersByTimeAsync(0);
  return { h, started, stopped: stopped as Promise<void> | null, atStop: () => atStop };
}

/** Every event of an uninterrupted start of that scenario, in order. */
async function baseline(): Promise<RecordedEvent[]> {
  const { h } = await startWithStopAt(Number.POSITIVE_INFINITY);
  const log = [...h.recorder.log];
  await h.client.stop();
  return log;
}

describe('stop() from a listener of any event of a start', () => {
  test('the scenario emits every kind of event a host can hear while a call starts', async () => {
    const lines = (await baseline()).map(describeEvent);
    for (const expected of [
      'state:starting',
      'stage:initialization:started',
      'stage:daily-call-join:completed',
      'stage:video-recording-setup:completed',
      'stage:audio-processing-setup:failed(audio-processing-setup-error)',
      'error:audio-processing-setup-error@audio-processing-setup',
      'message:status-update:in-progress:',
      'speech-start',
      'volume:1.00',
      'network-quality-change',
      'network-connection',
      'camera-error',
      'state:connected',
      'call-start-success',
      'call-start',
    ]) {
      expect(lines).toContain(expected);
    }
    // The last stage's report and the optional stage's error come right before connected.
    expect(lines.slice(-5)).toEqual([
      'stage:audio-processing-setup:failed(audio-processing-setup-error)',
      'error:audio-processing-setup-error@audio-processing-setup',
      'state:connected',
      'call-start-success',
      'call-start',
    ]);
  });

  test('the last stage’s completed report: stop() wins, nothing connects', async () => {
    const h = callHarness();
    h.client.on('call-start-progress', (report) => {
      if (report.stage === 'audio-processing-setup' && report.status === 'completed') {
        void h.client.stop();
      }
    });
    const result = h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(await result).toBeNull();
    expect(h.client.state).toBe('idle');
    expect(h.recorder.lines().slice(-2)).toEqual([
      'stage:audio-processing-setup:completed',
      'state:idle',
    ]);
    expect(h.daily.room.state.destroyed).toBe(true);
    expect(h.media.allReleased()).toBe(true);
  });

  test('call.on("error", () => call.stop()) with a failing noise cancellation ends idle, mic off', async () => {
    const h = callHarness();
    h.daily.failNext('updateInputSettings', new Error('noise processor failed'));
    let stopped: Promise<void> | undefined;
    h.client.on('error', () => {
      stopped = h.client.stop();
    });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
    expect(h.client.state).toBe('idle');
    expect(h.recorder.lines()).not.toContain('state:connected');
    expect(h.daily.room.state.destroyed).toBe(true);
    expect(h.media.allReleased()).toBe(true);
  });

  test('for every event of the start: idle, room destroyed, no live track, no call-start after it', async () => {
    const events = await baseline();
    expect(events.length).toBeGreaterThan(25);
    for (let index = 0; index < events.length; index++) {
      const what = `stop() from event #${index} (${describeEvent(events[index] as RecordedEvent)})`;
      const run = await startWithStopAt(index);
      const { h } = run;
      expect(run.stopped, what).not.toBeNull();
      const stateWhenStopResolved = await (run.stopped as Promise<void>).then(() => h.client.state);
      expect(stateWhenStopResolved, what).toBe('idle');
      await vi.advanceTimersByTimeAsync(20_000);
      const after = h.recorder.log.slice(run.atStop()?.logLength).map(describeEvent);
      expect(after, what).not.toContain('call-start');
      expect(after, what).not.toContain('state:connected');
      expect(after, what).not.toContain('call-start-success');
      expect(h.client.state, what).toBe('idle');
      expect(h.media.allReleased(), what).toBe(true);
      expect(document.querySelectorAll('audio'), what).toHaveLength(0);
      const snapshot = run.atStop();
      h.daily.rooms.forEach((room, i) => {
        expect(room.state.destroyed, what).toBe(true);
        expect(room.listenerCount(), what).toBe(0);
        const later = room.calls.slice(snapshot?.calls[i] ?? 0);
        expect(
          later.filter((call) => !RELEASING.has(call)),
          `${what}: room calls after stop()`,
        ).toEqual([]);
      });
      expect(vi.getTimerCount(), what).toBe(0);
      expect(await run.started, what).toSatisfy(
        (value) => value === null || h.recorder.lines().includes('call-start-success'),
      );
      document.body.replaceChildren();
    }
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
