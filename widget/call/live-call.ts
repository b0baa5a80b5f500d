// Over 300 lines as one concept: everything a single call owns, its state and its release (the
// join with its timeout and the room's release are part of it; apart, they made a file circle).
import type { DailyEvent, DailyEventObject } from '@daily-co/daily-js';
import { VoiceAssistantError } from '../element/voice-assistant-error.ts';
import { abortReason, RoomFailure, untilAborted } from './abortable.ts';
import { isEndedStatus } from './app-messages.ts';
import type { AudioContextFactory } from './audio-context.ts';
import { CallError } from './call-error.ts';
import { loadMicGain } from './load-mic-gain.ts';
import type { MicGain } from './mic-gain.ts';
import { stopStream } from './microphone-stream.ts';
import { RemoteAudio } from './remote-audio.ts';
import { SpeechDetector, type SpeechTransition } from './speech-detector.ts';
import { Timers } from './timers.ts';
import type { CallTransport } from './transport.ts';
import type { RoomPlan } from './web-call.ts';

/** What the room is joined with (daily-js's `join()` options). */
export type JoinOptions = Parameters<CallTransport['join']>[0];

/** What a live call is built with. */
export interface LiveCallOptions {
  audioContextFactory: AudioContextFactory;
  /** Emits `call-start`. It is called at most once: see {@link LiveCall.handleConnected}. */
  onCallStart: () => void;
}

/**
 * Everything one call owns, so that ending it releases all of it: the room object and the
 * listeners on it, timers, `<audio>` elements, the gain AudioContext and the microphone tracks.
 * A new `start()` gets a new `LiveCall`; a late result of an old one cannot touch the new call.
 *
 * It is the only writer of its state: the client, the start stages and the room events tell it
 * what happened through its `handle…` methods and read the rest. Once stopped (`cancel()`), it
 * takes nothing new: a late microphone or room is released at once, room events are ignored and
 * `call-start` can no longer fire (docs/behaviour.md#call-states).
 */
export class LiveCall {
  readonly #abort = new AbortController();
  readonly #offs: Array<() => void> = [];
  readonly #onCallStart: () => void;
  #disposed: Promise<void> | null = null;

  #transport: CallTransport | null = null;
  #microphone: MediaStream | null = null;
  #plan: RoomPlan | null = null;
  #userMuted = false;
  #endedStatusSeen = false;
  #listening = false;
  #connected = false;
  #announced = false;
  #recordingRequestedAt: number | null = null;
  #cancelSpeechEnd: (() => void) | null = null;

  readonly #audio = new RemoteAudio();
  readonly #speech = new SpeechDetector();
  readonly #audioContextFactory: AudioContextFactory;
  /** The microphone gain, loaded at the first `increaseMicLevel`. */
  #gain: Promise<MicGain> | null = null;
  /** Every timeout of this call; all cleared when it ends. */
  readonly #timers = new Timers();

  constructor(options: LiveCallOptions) {
    this.#audioContextFactory = options.audioContextFactory;
    this.#onCallStart = options.onCallStart;
  }

  /** Aborts when `stop()` cancels the start or ends the call, or the room fails while starting. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** `stop()` was called, the call ended, or the room failed while starting. */
  get stopped(): boolean {
    return this.#abort.signal.aborted;
  }

  /** Everything is being (or has been) released. */
  get disposed(): boolean {
    return this.#disposed !== null;
  }

  /** The room object, once created. */
  get transport(): CallTransport | null {
    return this.#transport;
  }

  /** The microphone stream the call sends (owned: its tracks stop when the call ends). */
  get microphone(): MediaStream | null {
    return this.#microphone;
  }

  /** The room to join, read from the web call. */
  get plan(): RoomPlan | null {
    return this.#plan;
  }

  /** The user muted themselves; nothing but `setMuted(false)` may unmute them. */
  get userMuted(): boolean {
    return this.#userMuted;
  }

  /** A `status-update` with status `ended` arrived. */
  get endedStatusSeen(): boolean {
    return this.#endedStatusSeen;
  }

  /** When recording was requested (client clock), while video recording is on. */
  get recordingRequestedAt(): number | null {
    return this.#recordingRequestedAt;
  }

  /** Stops the call's work in progress; `failure` makes the current stage fail with it instead. */
  cancel(failure?: unknown): void {
    if (!this.#abort.signal.aborted) {
      this.#abort.abort(failure === undefined ? undefined : new RoomFailure(failure));
    }
  }

  /** Throws `StartCancelledError` (or the room's failure) once the call is stopped. */
  throwIfStopped(): void {
    if (this.#abort.signal.aborted) {
      throw abortReason(this.#abort.signal);
    }
  }

  /** The microphone was obtained. A call stopped meanwhile releases it at once. */
  handleMicrophone(stream: MediaStream): void {
    if (this.stopped) {
      stopStream(stream);
      this.throwIfStopped();
    }
    this.#microphone = stream;
  }

  /** The web call was created: this is the room to join. */
  handleWebCall(plan: RoomPlan): void {
    this.throwIfStopped();
    this.#plan = plan;
  }

  /** The room object was created. A call stopped meanwhile destroys it at once. */
  handleTransport(transport: CallTransport): void {
    if (this.stopped) {
      transport.destroy().catch(() => undefined);
      this.throwIfStopped();
    }
    this.#transport = transport;
  }

  /** Recording was requested at `at` (client clock). */
  handleRecordingRequested(at: number): void {
    this.#recordingRequestedAt = at;
  }

  /** The user muted or unmuted themselves: the microphone follows. */
  handleMuted(muted: boolean): void {
    this.#userMuted = muted;
    this.#transport?.setLocalAudio(!muted);
  }

  /** A message from the server arrived (an `ended` status makes the end a normal one). */
  handleMessage(message: object): void {
    if (isEndedStatus(message)) {
      this.#endedStatusSeen = true;
    }
  }

  /** The server said `listening`. */
  handleListening(): void {
    this.#listening = true;
    this.#announce();
  }

  /** The client is connected and reported `call-start-success`. */
  handleConnected(): void {
    this.#connected = true;
    this.#announce();
  }

  /**
   * The one place `call-start` is decided: once per call, after the client connected and the
   * server said `listening` (in either order), and never once the call is stopped.
   */
  #announce(): void {
    if (this.#connected && this.#listening && !this.#announced && !this.stopped) {
      this.#announced = true;
      this.#onCallStart();
    }
  }

  /**
   * A remote audio-level sample (the sum over participants) arrived at `now()`. Reports each
   * speech transition it causes, and keeps one timer at the detector's deadline so `speech-end`
   * fires on time between samples.
   */
  handleLevelSample(
    sum: number,
    now: () => number,
    onTransition: (transition: SpeechTransition) => void,
  ): void {
    const transition = this.#speech.feed(sum, now());
    if (transition) {
      onTransition(transition);
    }
    this.#armSpeechEnd(now, onTransition);
  }

  #armSpeechEnd(now: () => number, onTransition: (transition: SpeechTransition) => void): void {
    this.#cancelSpeechEnd?.();
    this.#cancelSpeechEnd = null;
    const endsAt = this.#speech.endsAt;
    if (endsAt === null || this.stopped) {
      return;
    }
    this.#cancelSpeechEnd = this.#timers.after(Math.max(0, endsAt - now()), () => {
      this.#cancelSpeechEnd = null;
      const transition = this.#speech.expire(now());
      if (transition) {
        onTransition(transition);
      }
      this.#armSpeechEnd(now, onTransition);
    });
  }

  /** The assistant's audio track started: play it (resolves once playing, or refused). */
  handleRemoteAudio(participantId: string, track: MediaStreamTrack): Promise<void> {
    return this.#audio.play(participantId, track);
  }

  /** A participant's audio went away (track stopped, or the participant left). */
  handleRemoteAudioGone(participantId: string): void {
    this.#audio.remove(participantId);
  }

  /**
   * `increaseMicLevel(gain)`: the boosted track to send instead of the microphone's, or `null`
   * when the current one already carries the gain.
   */
  async handleGain(gain: number): Promise<MediaStreamTrack | null> {
    const microphone = this.#microphone;
    if (!microphone) {
      throw new VoiceAssistantError();
    }
    this.#gain ??= loadMicGain().then(({ MicGain }) => new MicGain(this.#audioContextFactory));
    const micGain = await this.#gain;
    if (this.disposed) {
      throw new VoiceAssistantError(); // the call ended while the gain loaded
    }
    return micGain.apply(microphone, gain);
  }

  /** Subscribes to a room event for the life of this call; ignored once it is stopped. */
  listen<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void): void {
    const transport = this.#transport;
    if (!transport) {
      return;
    }
    const guarded = (payload: DailyEventObject<T>) => {
      if (!this.stopped) {
        handler(payload);
      }
    };
    transport.on(event, guarded);
    this.#offs.push(() => transport.off(event, guarded));
  }

  /** Waits `ms`, or rejects as soon as the call is stopped. */
  sleep(ms: number): Promise<void> {
    return this.#timers.delay(ms, this.signal).catch(() => this.throwIfStopped());
  }

  /**
   * Joins the room with our own timeout: any rejection (daily-js rejects with a plain string
   * when offline) or no answer within `timeoutMs` becomes a `daily-call-join-error`; a stop of
   * the call rejects at once.
   */
  async join(options: JoinOptions, timeoutMs: number): Promise<void> {
    const transport = this.#transport;
    this.throwIfStopped();
    if (!transport) {
      throw new Error('The room was joined before it was created.');
    }
    let cancelTimeout: (() => void) | undefined;
    const timeout = new Promise<never>((_, reject) => {
      cancelTimeout = this.#timers.after(timeoutMs, () => reject(CallError.joinTimeout(timeoutMs)));
    });
    const joining = Promise.resolve().then(() => {
      this.throwIfStopped();
      return transport.join(options);
    });
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
    this.#timers.clearAll();
    this.#cancelSpeechEnd = null;
    this.#speech.reset();
    for (const off of this.#offs.splice(0)) {
      off();
    }
    const transport = this.#transport;
    if (transport) {
      await releaseRoom(transport, this.#recordingRequestedAt !== null);
    }
    this.#audio.removeAll();
    await (await this.#gain?.catch(() => null))?.release();
    if (this.#microphone) {
      stopStream(this.#microphone);
    }
  }
}

/**
 * Releases the room: its observers and a recording it started (each may already be stopped),
 * then the room object itself. Never throws.
 */
async function releaseRoom(transport: CallTransport, recording: boolean): Promise<void> {
  quietly(() => transport.stopRemoteParticipantsAudioLevelObserver());
  if (recording) {
    quietly(() => transport.stopRecording());
  }
  await transport.destroy().catch(() => undefined);
}

function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // Already stopped, or the room never got that far: nothing left to release.
  }
}
