import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CallClient } from '../../widget/call/call-client.ts';
import { CallError } from '../../widget/call/call-error.ts';
import { START_STAGES } from '../../widget/call/start-stages.ts';
import {
  callHarness,
  type HarnessOptions,
  ROOM_URL,
  startCall,
  webCallResponse,
} from '../helpers/call-scenario.ts';
import { FakeTrack, fakeStream } from '../helpers/fake-daily.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** The stage lines of a start that gets through `stages` (each started then completed). */
function completed(stages: readonly string[]): string[] {
  return stages.flatMap((stage) => [`stage:${stage}:started`, `stage:${stage}:completed`]);
}

const SUCCESS = [
  'state:starting',
  ...completed(START_STAGES),
  'state:connected',
  'call-start-success',
];

describe('a successful start', () => {
  test('reports every stage in order, then connected, then success, and resolves the web call', async () => {
    const h = callHarness();
    expect(await startCall(h)).toEqual(webCallResponse());
    expect(h.recorder.lines()).toEqual(SUCCESS);
    expect(h.client.state).toBe('connected');
    expect(h.recorder.payloads('call-start-success')).toEqual([
      { totalDurationMs: 0, callId: 'call-1' },
    ]);
  });

  test('stage reports carry durations from the client clock and what each stage decided', async () => {
    const h = callHarness({ client: { userAgent: IPHONE } });
    void h.client.start({ assistant: 'assistant-1' });
    await vi.advanceTimersByTimeAsync(1000);
    const done = h.recorder.reports().filter((r) => r.status === 'completed');
    expect(done.map((r) => [r.stage, r.durationMs])).toEqual([
      ['initialization', 0],
      ['web-call-creation', 0],
      ['daily-call-object-creation', 0],
      ['mobile-permissions', 1000],
      ['daily-call-join', 0],
      ['video-recording-setup', 0],
      ['audio-observer-setup', 0],
      ['audio-processing-setup', 0],
    ]);
    expect(done[0]?.detail).toEqual({
      hasAssistant: true,
      hasSquad: false,
      hasWorkflow: false,
      microphone: 'preflight',
    });
    expect(done[1]?.detail).toEqual({
      callId: 'call-1',
      videoRecordingEnabled: false,
      voiceProvider: undefined,
    });
    expect(done[3]?.detail).toEqual({ isMobile: true, waitedMs: 1000 });
    expect(done[5]?.detail).toEqual({ skipped: 'not-enabled' });
    expect(h.recorder.payloads('call-start-success')).toEqual([
      { totalDurationMs: 1000, callId: 'call-1' },
    ]);
  });

  test('a mobile user agent waits 1000 ms before join; a desktop one does not', async () => {
    const mobile = callHarness({ client: { userAgent: IPHONE } });
    void mobile.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(999);
    expect(mobile.daily.room.calls).not.toContain('join');
    await vi.advanceTimersByTimeAsync(1);
    expect(mobile.daily.room.calls).toContain('join');

    const desktop = callHarness();
    await startCall(desktop);
    expect(desktop.daily.room.calls).toContain('join');
  });
});

describe('what start sends and joins', () => {
  test('a string is sent as an id and an object inline; absent fields are left out (docs/behaviour.md#web-call)', async () => {
    const h = callHarness();
    await startCall(h, { assistant: 'assistant-1' });
    await h.client.stop();
    const inline = { name: 'Inline squad', members: [] };
    void h.client.start({
      squad: inline,
      workflow: 'workflow-9',
      assistantOverrides: { variableValues: { name: 'Ann' } },
      workflowOverrides: { variableValues: { x: 1 } },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.webCalls).toEqual([
      { assistantId: 'assistant-1' },
      {
        squad: inline,
        workflowId: 'workflow-9',
        assistantOverrides: { variableValues: { name: 'Ann' } },
        workflowOverrides: { variableValues: { x: 1 } },
      },
    ]);
  });

  test('the room gets the microphone track, video off, avoidEval on and manual subscription', async () => {
    const h = callHarness();
    await startCall(h);
    const mic = h.media.microphones[0];
    expect(h.daily.room.options).toEqual({
      audioSource: mic?.track,
      videoSource: false,
      dailyConfig: { avoidEval: true },
    });
    expect(h.daily.room.joinOptions).toEqual([
      { url: ROOM_URL, subscribeToTracksAutomatically: false },
    ]);
  });

  test('avoidEval, bundlePathOverride and allowMultipleCallInstances are passed to daily-js', async () => {
    const h = callHarness({
      client: { avoidEval: false, bundlePathOverride: '/daily/', allowMultipleCallInstances: true },
    });
    await startCall(h);
    expect(h.daily.room.options).toMatchObject({
      dailyConfig: { avoidEval: false, bundlePathOverride: '/daily/' },
      allowMultipleCallInstances: true,
    });
  });

  test('the room URL falls back to transport.callUrl, with transport.callToken', async () => {
    const h = callHarness({
      response: { id: 'c', transport: { callUrl: 'https://x.daily.co/r2', callToken: 'tok' } },
    });
    await startCall(h);
    expect(h.daily.room.joinOptions).toEqual([
      { url: 'https://x.daily.co/r2', token: 'tok', subscribeToTracksAutomatically: false },
    ]);
  });

  test('video recording turns the video source on and records 1280x720 with the default layout', async () => {
    const h = callHarness({
      response: webCallResponse({ artifactPlan: { videoRecordingEnabled: true } }),
    });
    await startCall(h);
    expect(h.daily.room.options.videoSource).toBe(true);
    expect(h.daily.room.recordings).toEqual([
      { width: 1280, height: 720, layout: { preset: 'default' } },
    ]);
  });

  test('noise cancellation is requested by default and can be turned off', async () => {
    const on = callHarness();
    await startCall(on);
    expect(on.daily.room.inputSettings).toEqual([
      { audio: { processor: { type: 'noise-cancellation' } } },
    ]);
    const off = callHarness({ client: { noiseCancellation: false } });
    await startCall(off);
    expect(off.daily.room.inputSettings).toEqual([]);
    expect(off.recorder.reports().at(-1)).toMatchObject({
      stage: 'audio-processing-setup',
      status: 'completed',
      detail: { skipped: 'noise-cancellation-off' },
    });
  });

  test('a microphone stream from the host skips the preflight and is used as the audio source', async () => {
    const track = new FakeTrack('audio');
    const h = callHarness();
    void h.client.start({ assistant: 'a', microphone: fakeStream(track) });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.media.microphones).toEqual([]);
    expect(h.daily.room.options.audioSource).toBe(track.track);
    expect(h.recorder.reports()[1]?.detail).toMatchObject({ microphone: 'provided' });
  });
});

describe('input validation (docs/behaviour.md#validation)', () => {
  test('no assistant, squad or workflow throws and emits validation-error, nothing else', async () => {
    const h = callHarness();
    await expect(h.client.start({})).rejects.toThrow(
      'Assistant or Squad or Workflow must be provided.',
    );
    await expect(h.client.start({ assistant: '' })).rejects.toMatchObject({
      name: 'CallError',
      code: 'validation-error',
      stage: 'input-validation',
    });
    expect(h.recorder.lines()).toEqual([
      'error:validation-error@input-validation',
      'error:validation-error@input-validation',
    ]);
    expect(h.client.state).toBe('idle');
    expect(h.media.microphones).toEqual([]);
  });

  test('a whitespace-only id is absent: never sent next to another target, never enough alone', async () => {
    const h = callHarness();
    await startCall(h, { assistant: '  ', squad: ' sq ' });
    expect(h.webCalls).toEqual([{ squadId: 'sq' }]);
    expect(h.recorder.reports()[1]?.detail).toMatchObject({ hasAssistant: false, hasSquad: true });
    await h.client.stop();
    await expect(
      h.client.start({ assistant: '  ', squad: '\t', workflow: ' ' }),
    ).rejects.toMatchObject({
      code: 'validation-error',
    });
    expect(h.webCalls).toHaveLength(1);
  });

  test('a client needs a public key or its own createWebCall', () => {
    expect(() => new CallClient({})).toThrow(CallError);
    expect(() => new CallClient({ publicKey: 'pk' })).not.toThrow();
  });
});

interface FailureCase {
  stage: (typeof START_STAGES)[number];
  code: string;
  setup: HarnessOptions;
  /** Runs after start() was called, to trigger the failure. */
  trigger?: (h: ReturnType<typeof callHarness>) => Promise<void> | void;
}

const REQUIRED_FAILURES: FailureCase[] = [
  {
    stage: 'initialization',
    code: 'microphone-denied',
    setup: { microphoneError: new DOMException('Permission denied', 'NotAllowedError') },
  },
  {
    stage: 'web-call-creation',
    code: 'web-call-creation-error',
    setup: {
      createWebCall: () => Promise.reject(new Error('401 Unauthorized')),
    },
  },
  {
    stage: 'daily-call-object-creation',
    code: 'daily-call-object-creation-error',
    setup: { daily: { createError: new Error('DailyIframe is not supported') } },
  },
  {
    stage: 'mobile-permissions',
    code: 'microphone-in-use',
    setup: { client: { userAgent: IPHONE } },
    trigger: (h) => h.media.microphones[0]?.end(),
  },
  {
    stage: 'daily-call-join',
    code: 'daily-call-join-error',
    setup: { daily: { join: { kind: 'reject', reason: 'connection-error' } } },
  },
];

describe('a failure at each required stage', () => {
  test.each(REQUIRED_FAILURES)(
    '$stage: reports the real stage, cleans up, returns null',
    async ({ stage, code, setup, trigger }) => {
      const h = callHarness(setup);
      const result = h.client.start({ assistant: 'a' });
      await vi.advanceTimersByTimeAsync(0);
      await trigger?.(h);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await result).toBeNull();
      const before = START_STAGES.slice(0, START_STAGES.indexOf(stage));
      expect(h.recorder.lines()).toEqual([
        'state:starting',
        ...completed(before),
        `stage:${stage}:started`,
        `stage:${stage}:failed(${code})`,
        'state:idle',
        `call-start-failed:${stage}(${code})`,
        `error:${code}@${stage}`,
      ]);
      const [failure] = h.recorder.payloads('call-start-failed');
      expect(failure?.context).toEqual({
        hasAssistant: true,
        hasSquad: false,
        hasWorkflow: false,
        isMobile: stage === 'mobile-permissions',
        microphone: 'preflight',
      });
      expect(h.client.state).toBe('idle');
      expect(h.recorder.payloads('error').map((error) => error.recoverable)).toEqual([false]);
      expect(h.media.allReleased()).toBe(true);
      for (const room of h.daily.rooms) {
        expect(room.state.destroyed).toBe(true);
        expect(room.listenerCount()).toBe(0);
      }
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  test('no web call is created when the microphone is unusable', async () => {
    for (const name of ['NotAllowedError', 'NotFoundError', 'NotReadableError']) {
      const h = callHarness({ microphoneError: new DOMException('no', name) });
      await startCall(h);
      expect(h.webCalls).toEqual([]);
      expect(h.daily.rooms).toEqual([]);
    }
  });
});

const OPTIONAL_FAILURES: Array<{
  stage: (typeof START_STAGES)[number];
  code: string;
  arm: (h: ReturnType<typeof callHarness>) => void;
}> = [
  {
    stage: 'video-recording-setup',
    code: 'video-recording-setup-error',
    arm: (h) => h.daily.failNext('startRecording', new Error('recording not allowed')),
  },
  {
    stage: 'audio-observer-setup',
    code: 'audio-observer-setup-error',
    arm: (h) =>
      h.daily.failNext('startRemoteParticipantsAudioLevelObserver', new Error('no audio')),
  },
  {
    stage: 'audio-processing-setup',
    code: 'audio-processing-setup-error',
    arm: (h) => h.daily.failNext('updateInputSettings', new Error('processor failed')),
  },
];

describe('a failure at each optional stage', () => {
  test.each(OPTIONAL_FAILURES)(
    '$stage: reports failed and an error, and the call still connects',
    async ({ stage, code, arm }) => {
      const h = callHarness({
        response: webCallResponse({ artifactPlan: { videoRecordingEnabled: true } }),
      });
      arm(h);
      expect(await startCall(h)).toEqual(
        webCallResponse({ artifactPlan: { videoRecordingEnabled: true } }),
      );
      const index = START_STAGES.indexOf(stage);
      expect(h.recorder.lines()).toEqual([
        'state:starting',
        ...completed(START_STAGES.slice(0, index)),
        `stage:${stage}:started`,
        `stage:${stage}:failed(${code})`,
        `error:${code}@${stage}`,
        ...completed(START_STAGES.slice(index + 1)),
        'state:connected',
        'call-start-success',
      ]);
      expect(h.client.state).toBe('connected');
      // The client says the call goes on; listeners need not know which stages are optional.
      expect(h.recorder.payloads('error').map((error) => error.recoverable)).toEqual([true]);
    },
  );
});

describe('every error type of the catalogue (docs/behaviour.md#errors)', () => {
  test('start-method-error when the page has no microphone API (not HTTPS)', async () => {
    const h = callHarness({ client: { mediaDevices: undefined } });
    // An explicit undefined falls back to navigator.mediaDevices, which happy-dom lacks.
    await startCall(h);
    expect(h.recorder.lines()).toContain('error:start-method-error@initialization');
    const [error] = h.recorder.payloads('error');
    expect(error?.message).toMatch(/HTTPS/);
  });

  test('microphone errors have their own codes and human messages', async () => {
    const cases = [
      ['NotAllowedError', 'microphone-denied', /site settings.*padlock/],
      ['NotFoundError', 'microphone-not-found', /No microphone was found/],
      ['NotReadableError', 'microphone-in-use', /in use by another app/],
    ] as const;
    for (const [name, code, message] of cases) {
      const h = callHarness({ microphoneError: new DOMException('x', name) });
      await startCall(h);
      const [error] = h.recorder.payloads('error');
      expect(error).toBeInstanceOf(CallError);
      expect(error?.code).toBe(code);
      expect(error?.message).toMatch(message);
    }
  });
});
