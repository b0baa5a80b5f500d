import type { DailyEvent, DailyEventObject } from '@daily-co/daily-js';
import { RoomFailure, StartCancelledError, untilAborted } from './abortable.ts';
import { CallError } from './errors.ts';
import { type AudioContextFactory, MicGain } from './mic-gain.ts';
import { stopStream } from './microphone.ts';
import { RemoteAudio } from './remote-audio.ts';
import { SpeechDetector } from './speech-detector.ts';
import { Timers } from './timers.ts';
import type { CallTransport } from './transport.ts';
import type { RoomPlan } from './web-call.ts';

/**
 * Everything one call owns, so that ending it releases all of it: the room object and the
 * listeners on it, timers, `<audio>` elements, the gain AudioContext and the microphone tracks.
 * A new `start()` gets a new session; a late result of an old one cannot touch the new call.
 */
export class CallSession {
  readonly #abort = new AbortController();
  readonly #offs: Array<() => void> = [];
  #disposed: Promise<void> | null = null;

  readonly audio = new RemoteAudio();
  readonly speech = new SpeechDetector();
  readonly gain: MicGain;

  transport: CallTransport | null = null;
  microphone: MediaStream | null = null;
  plan: RoomPlan | null = null;
  /** The user muted themselves; nothing but `setMuted(false)` may unmute them. */
  userMuted = false;
  /** A `status-update` with status `ended` arrived. */
  endedStatusSeen = false;
  /** The server's `listening` message arrived. */
  listening = false;
  /** When recording was requested (client clock), while video recording is on. */
  recordingRequestedAt: number | null = null;
  /** Every timeout of this call; all cleared when it ends. */
  readonly timers = new Timers();
  /** Cancels the pending `speech-end` timer, while the assistant speaks. */
  cancelSpeechTimer: (() => void) | null = null;

  constructor(audioContextFactory: AudioContextFactory) {
    this.gain = new MicGain(audioContextFactory);
  }

  /** Aborts when `stop()` cancels the start, or the room fails while starting. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  get disposed(): boolean {
    return this.#disposed !== null;
  }

  /** Cancels work in progress; `failure` makes the current stage fail with it instead. */
  cancel(failure?: unknown): void {
    if (!this.#abort.signal.aborted) {
      this.#abort.abort(failure === undefined ? undefined : new RoomFailure(failure));
    }
  }

  /** Takes ownership of the microphone; a session ended meanwhile releases it at once. */
  adoptMicrophone(stream: MediaStream): void {
    this.microphone = stream;
    if (this.disposed) {
      stopStream(stream);
      throw new StartCancelledError();
    }
  }

  /** Takes ownership of the room object; a session ended meanwhile destroys it at once. */
  adoptTransport(transport: CallTransport): void {
    if (this.disposed) {
      transport.destroy().catch(() => undefined);
      throw new StartCancelledError();
    }
    this.transport = transport;
  }

  /** Subscribes to a room event for the life of this session. */
  listen<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void): void {
    const transport = this.transport;
    if (!transport) {
      return;
    }
    transport.on(event, handler);
    this.#offs.push(() => transport.off(event, handler));
  }

  /** Waits `ms`, or rejects as soon as the session is cancelled. */
  sleep(ms: number): Promise<void> {
    let cancel: (() => void) | undefined;
    const wait = new Promise<void>((resolve) => {
      cancel = this.timers.after(ms, resolve);
    });
    return untilAborted(wait, this.signal).finally(() => cancel?.());
  }

  /**
   * Joins the room with our own timeout: any rejection (daily-js rejects with a plain string
   * when offline) or no answer within `timeoutMs` becomes a `daily-call-join-error`.
   */
  async join(options: Parameters<CallTransport['join']>[0], timeoutMs: number): Promise<void> {
    const transport = this.transport;
    if (!transport) {
      throw new StartCancelledError();
    }
    let cancelTimeout: (() => void) | undefined;
    const timeout = new Promise<never>((_, reject) => {
      cancelTimeout = this.timers.after(timeoutMs, () => reject(CallError.joinTimeout(timeoutMs)));
    });
    const joining = Promise.resolve().then(() => transport.join(options));
    try {
      await untilAborted(Promise.race([joining, timeout]), this.signal);
    } finally {
      cancelTimeout?.();
      joining.catch(() => undefined);
    }
  }

  /** Releases everything the call owns. Idempotent; later calls return the same promise. */
  dispose(): Promise<void> {
    this.#disposed ??= this.#release();
    return this.#disposed;
  }

  async #release(): Promise<void> {
    this.cancel();
    this.timers.clearAll();
    this.speech.reset();
    for (const off of this.#offs.splice(0)) {
      off();
    }
    const transport = this.transport;
    if (transport) {
      quietly(() => transport.stopRemoteParticipantsAudioLevelObserver());
      if (this.recordingRequestedAt !== null) {
        quietly(() => transport.stopRecording());
      }
      await transport.destroy().catch(() => undefined);
    }
    this.audio.removeAll();
    await this.gain.release();
    if (this.microphone) {
      stopStream(this.microphone);
    }
  }
}

function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // Already stopped, or the room never got that far: nothing left to release.
  }
}
