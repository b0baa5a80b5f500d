import { StartCancelledError } from './abortable.ts';
import { CallSession } from './call-session.ts';
import type { CallState } from './call-state.ts';
import { assertTransition } from './call-state.ts';
import { sayMessage, serializeClientMessage } from './client-messages.ts';
import {
  CUSTOMER_ENDED_REASON,
  DEFAULT_JOIN_TIMEOUT_MS,
  NOISE_CANCELLATION_DEFAULT,
} from './constants.ts';
import { dailyTransportFactory, preloadDaily } from './daily-transport.ts';
import { Emitter } from './emitter.ts';
import { CallError } from './errors.ts';
import type { CallEvents, CallStartFailed } from './events.ts';
import type { ClientInboundMessage } from './message-types.ts';
import { type AudioContextFactory, browserAudioContext } from './mic-gain.ts';
import type { MicrophoneSource } from './microphone.ts';
import { isMobileUserAgent } from './mobile.ts';
import { createPlatformWebCall } from './platform-web-call.ts';
import { wireRoomEvents } from './room-events.ts';
import type { RoomSettings } from './room-options.ts';
import { runStartSequence, type StartSettings, type WebCallCreator } from './start-sequence.ts';
import { createStageRunner, type StartStage } from './start-stages.ts';
import type { CallTransport, CallTransportFactory } from './transport.ts';
import { hasCallTarget, type StartCallInput, type WebCallResponse } from './web-call.ts';

export type { WebCallPayload } from './web-call.ts';
export type { CallState, StartCallInput, WebCallCreator, WebCallResponse };

/** How a `CallClient` is built. Everything but the key (or a `createWebCall`) is optional. */
export interface CallClientOptions extends RoomSettings {
  /** The platform public key; required unless `createWebCall` is given. */
  publicKey?: string;
  /** The API host for POST /call/web. */
  apiBaseUrl?: string;
  /** Creates the room object; default: daily-js, loaded lazily on the first start. */
  transportFactory?: CallTransportFactory;
  /** Creates the web call; default: the API client's POST /call/web with `publicKey`. */
  createWebCall?: WebCallCreator;
  /** Our own bound on joining the room (default 15000 ms). */
  joinTimeoutMs?: number;
  /** Noise cancellation (SPEC §9: on by default). */
  noiseCancellation?: boolean;
  /** Where the microphone comes from; default `navigator.mediaDevices`. */
  mediaDevices?: MicrophoneSource;
  /** Decides the mobile wait before join; default `navigator.userAgent`. */
  userAgent?: string;
  /** The clock for stage durations and speech timing; default `performance.now()`. */
  now?: () => number;
  /** Creates the AudioContext of `increaseMicLevel`; default `new AudioContext()`. */
  audioContextFactory?: AudioContextFactory;
}

const nav = (): Navigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

/**
 * A browser voice call with an assistant: start, talk, mute, send messages, stop.
 * Framework-free; every outcome is an event of `CallEvents`, and nothing it does can leave it
 * unable to start again. The room itself sits behind `CallTransport` (daily-js by default).
 */
export class CallClient extends Emitter<CallEvents> {
  readonly #settings: StartSettings;
  readonly #audioContextFactory: AudioContextFactory;
  #state: CallState = 'idle';
  #session: CallSession | null = null;
  #startFlow: Promise<unknown> = Promise.resolve();
  #ending: Promise<void> = Promise.resolve();

  constructor(options: CallClientOptions) {
    super();
    const { publicKey, apiBaseUrl } = options;
    const createWebCall =
      options.createWebCall ??
      (publicKey ? createPlatformWebCall({ publicKey, ...(apiBaseUrl && { apiBaseUrl }) }) : null);
    if (!createWebCall) {
      throw CallError.validation('A public key (or a createWebCall function) is required.');
    }
    this.#settings = {
      createWebCall,
      transportFactory: options.transportFactory ?? dailyTransportFactory,
      mediaDevices: options.mediaDevices ?? nav()?.mediaDevices,
      userAgent: options.userAgent ?? nav()?.userAgent ?? '',
      joinTimeoutMs: options.joinTimeoutMs ?? DEFAULT_JOIN_TIMEOUT_MS,
      noiseCancellation: options.noiseCancellation ?? NOISE_CANCELLATION_DEFAULT,
      now: options.now ?? (() => performance.now()),
      avoidEval: options.avoidEval,
      bundlePathOverride: options.bundlePathOverride,
      allowMultipleCallInstances: options.allowMultipleCallInstances,
    };
    this.#audioContextFactory = options.audioContextFactory ?? browserAudioContext;
  }

  /** `idle`, `starting` or `connected`. */
  get state(): CallState {
    return this.#state;
  }

  /**
   * Starts a call. Resolves with the web call once connected, or `null` when the start failed
   * (see `call-start-failed` and `error`), was cancelled by `stop()`, or was ignored because a
   * call is already starting or connected. Rejects only for missing input (SPEC §5).
   */
  start(input: StartCallInput): Promise<WebCallResponse | null> {
    if (!hasCallTarget(input)) {
      const error = CallError.validation('Assistant or Squad or Workflow must be provided.');
      this.emit('error', error);
      return Promise.reject(error);
    }
    if (this.#state !== 'idle') {
      this.emit('call-start-progress', {
        stage: 'input-validation',
        status: 'failed',
        durationMs: 0,
        reason: 'already-started',
      });
      return Promise.resolve(null);
    }
    const session = new CallSession(this.#audioContextFactory);
    this.#session = session;
    this.#setState('starting');
    if (this.#settings.transportFactory === dailyTransportFactory) {
      void preloadDaily(); // overlaps the daily-js download with the web-call request
    }
    const flow = this.#runStart(session, input);
    this.#startFlow = flow;
    return flow;
  }

  /** Ends the call, or cancels a start in progress; resolves once everything is released. */
  async stop(): Promise<void> {
    const session = this.#session;
    if (session && this.#state === 'starting') {
      session.cancel();
      await this.#startFlow;
    } else if (session) {
      await this.#end(session);
    }
    await this.#ending;
  }

  /** Mutes or unmutes the microphone. Throws `Call object is not available.` without a call. */
  setMuted(muted: boolean): void {
    const { session, transport } = this.#active();
    session.userMuted = muted;
    transport.setLocalAudio(!muted);
  }

  /** Whether the microphone is muted. Throws `Call object is not available.` without a call. */
  isMuted(): boolean {
    const { session, transport } = this.#active();
    return session.userMuted || transport.localAudio() === false;
  }

  /**
   * Multiplies the microphone level by `gain` (1 = unchanged). One AudioContext is reused for
   * the whole call and released when it ends. Throws `Call object is not available.` without a call.
   */
  async increaseMicLevel(gain: number): Promise<void> {
    const { session, transport } = this.#active();
    if (!Number.isFinite(gain) || gain < 0) {
      throw CallError.validation('The microphone gain must be a number of 0 or more.');
    }
    const microphone = session.microphone;
    if (!microphone) {
      throw CallError.noActiveCall();
    }
    const boosted = session.gain.apply(microphone, gain);
    if (boosted) {
      await transport.updateInputSettings({ audio: { settings: { customTrack: boosted } } });
    }
  }

  /** Makes the assistant say `message` (SPEC §3 `say`); needs a connected call. */
  say(
    message: string,
    endCallAfterSpoken?: boolean,
    interruptionsEnabled?: boolean,
    interruptAssistantEnabled?: boolean,
  ): void {
    this.send(
      sayMessage(message, endCallAfterSpoken, interruptionsEnabled, interruptAssistantEnabled),
    );
  }

  /**
   * Sends a typed message to the assistant; needs a connected call. Throws
   * `message-too-large` when it is over the room's 4 KB limit.
   */
  send(message: ClientInboundMessage): void {
    const { transport } = this.#active();
    if (this.#state !== 'connected') {
      throw CallError.noActiveCall();
    }
    transport.sendAppMessage(serializeClientMessage(message), '*');
  }

  #active(): { session: CallSession; transport: CallTransport } {
    const session = this.#session;
    const transport = session?.transport;
    if (!session || !transport || session.disposed) {
      throw CallError.noActiveCall();
    }
    return { session, transport };
  }

  #setState(next: CallState): void {
    assertTransition(this.#state, next);
    this.#state = next;
    this.emit('state-change', next);
  }

  async #runStart(session: CallSession, input: StartCallInput): Promise<WebCallResponse | null> {
    const settings = this.#settings;
    const startedAt = settings.now();
    let stage: StartStage = 'initialization';
    const runStage = createStageRunner({
      now: settings.now,
      signal: session.signal,
      report: (report) => {
        if (report.stage !== 'input-validation') {
          stage = report.stage;
        }
        this.emit('call-start-progress', report);
      },
      onOptionalFailure: (error) => this.emit('error', error),
    });
    try {
      const response = await runStartSequence({
        session,
        input,
        settings,
        runStage,
        wireRoom: () => this.#wire(session),
      });
      this.#setState('connected');
      this.emit('call-start-success', {
        totalDurationMs: settings.now() - startedAt,
        callId: session.plan?.callId,
      });
      if (session.listening && this.#session === session && this.#state === 'connected') {
        this.emit('call-start');
      }
      return response;
    } catch (thrown) {
      await session.dispose();
      if (this.#session === session) {
        this.#session = null;
        this.#setState('idle');
      }
      if (thrown instanceof StartCancelledError) {
        return null;
      }
      const error = thrown instanceof CallError ? thrown : CallError.forStage(stage, thrown);
      this.emit('call-start-failed', {
        stage,
        totalDurationMs: settings.now() - startedAt,
        error,
        context: this.#context(input),
      });
      this.emit('error', error);
      return null;
    }
  }

  #context(input: StartCallInput): CallStartFailed['context'] {
    return {
      hasAssistant: !!input.assistant,
      hasSquad: !!input.squad,
      hasWorkflow: !!input.workflow,
      isMobile: isMobileUserAgent(this.#settings.userAgent),
      microphone: input.microphone ? 'provided' : 'preflight',
    };
  }

  #wire(session: CallSession): void {
    wireRoomEvents(session, {
      emit: (event, ...args) => this.emit(event, ...args),
      now: this.#settings.now,
      onListening: () => {
        if (session.listening) {
          return;
        }
        session.listening = true;
        if (this.#session === session && this.#state === 'connected') {
          this.emit('call-start');
        }
      },
      onRoomEnded: (cause) => {
        if (this.#session !== session) {
          return;
        }
        if (this.#state === 'starting') {
          session.cancel(cause ?? 'the room closed before the call started');
        } else {
          void this.#end(session, cause);
        }
      },
    });
  }

  /** Ends a connected call: release everything, then `idle`, status, `call-end` (SPEC §4). */
  #end(session: CallSession, cause?: unknown): Promise<void> {
    if (this.#session !== session) {
      return this.#ending;
    }
    this.#session = null;
    this.#ending = (async () => {
      await session.dispose();
      this.#setState('idle');
      if (cause !== undefined) {
        this.emit('error', CallError.room(cause));
      }
      if (!session.endedStatusSeen) {
        this.emit('message', {
          type: 'status-update',
          status: 'ended',
          endedReason: CUSTOMER_ENDED_REASON,
        });
      }
      this.emit('call-end');
    })();
    return this.#ending;
  }
}
