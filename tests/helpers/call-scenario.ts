import { vi } from 'vitest';
import type {
  StartCallInput,
  WebCallCreator,
  WebCallResponse,
} from '../../widget/call/call-client.ts';
import { CallClient, type CallClientOptions } from '../../widget/call/call-client.ts';
import {
  createFakeDaily,
  type FakeDailyOptions,
  type FakeRoom,
  fakeMediaDevices,
} from './fake-daily.ts';
import { recordEvents } from './record-events.ts';

// The unit-test world of a call: a CallClient over the fake room, a fake microphone, a local
// createWebCall and a recorder, on vitest's fake timers (the clock is Date.now, which they fake).

export const ROOM_URL = 'https://example.daily.co/room';

/** A web-call response as the platform returns it (docs/behaviour.md#web-call fields). */
export function webCallResponse(overrides: Partial<WebCallResponse> = {}): WebCallResponse {
  return { id: 'call-1', webCallUrl: ROOM_URL, ...overrides };
}

export interface HarnessOptions {
  daily?: FakeDailyOptions;
  response?: WebCallResponse;
  /** Replaces the local createWebCall. */
  createWebCall?: WebCallCreator;
  microphoneError?: unknown;
  client?: Partial<CallClientOptions>;
}

/** Builds a client and everything around it. Call with fake timers already on. */
export function callHarness(options: HarnessOptions = {}) {
  const daily = createFakeDaily(options.daily);
  const media = fakeMediaDevices(
    options.microphoneError === undefined ? {} : { error: options.microphoneError },
  );
  const webCalls: Array<Parameters<WebCallCreator>[0]> = [];
  const signals: AbortSignal[] = [];
  const createWebCall: WebCallCreator =
    options.createWebCall ??
    (async (payload, signal) => {
      webCalls.push(payload);
      signals.push(signal);
      return options.response ?? webCallResponse();
    });
  const client = new CallClient({
    createWebCall,
    transportFactory: daily.factory,
    mediaDevices: media.mediaDevices,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
    now: () => Date.now(),
    ...options.client,
  });
  const recorder = recordEvents(client);
  return { client, daily, media, webCalls, signals, recorder };
}

export type CallHarness = ReturnType<typeof callHarness>;

/**
 * Starts a call, lets every microtask and zero-delay timer run, and returns what `start()`
 * resolved with (`undefined` if it is still pending, e.g. waiting on a timer).
 */
export async function startCall(
  harness: CallHarness,
  input: StartCallInput = { assistant: 'assistant-1' },
): Promise<WebCallResponse | null | undefined> {
  let settled: WebCallResponse | null | undefined;
  harness.client.start(input).then(
    (value) => {
      settled = value;
    },
    () => undefined,
  );
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

/**
 * A timed sequence of remote audio levels and server messages, played on fake timers:
 * `scenario(room).level(0.05).wait(300).message({...}).level(0).wait(1000).run()`.
 */
export function scenario(room: FakeRoom) {
  const steps: Array<() => unknown> = [];
  const builder = {
    /** From now on the observer reports this level sum (one remote participant). */
    level(sum: number) {
      steps.push(() => room.setRemoteAudioLevel(sum));
      return builder;
    },
    /** Advances the fake clock, firing observer samples and timers on the way. */
    wait(ms: number) {
      steps.push(() => vi.advanceTimersByTimeAsync(ms));
      return builder;
    },
    /** The server sends an app message (JSON text, an object, or the bare `listening`). */
    message(data: unknown) {
      steps.push(() => room.appMessage(typeof data === 'string' ? data : JSON.stringify(data)));
      return builder;
    },
    async run(): Promise<void> {
      for (const step of steps) {
        await step();
      }
    },
  };
  return builder;
}
