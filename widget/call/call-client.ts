import { VoiceAssistantError } from '../element/voice-assistant-error.ts';
import { StartCancelledError } from './abortable.ts';
import { CUSTOMER_ENDED_REASON } from './call-constants.ts';
import { CallError } from './call-error.ts';
import { assertTransition, type CallState } from './call-state.ts';
import { sayMessage, serializeClientMessage } from './client-messages.ts';
import { type CallClientOptions, type ClientSettings, resolveSettings } from './client-options.ts';
import { Emitter } from './emitter.ts';
import type { CallEvents } from './events.ts';
import { LiveCall } from './live-call.ts';
import type { ClientInboundMessage } from './message-types.ts';
import { isMobileUserAgent } from './mobile.ts';
import { wireRoomEvents } from './room-events.ts';
import { createStageRunner } from './stage-runner.ts';
import { runStartSequence, type WebCallCreator } from './start-sequence.ts';
import type { StartStage } from './start-stages.ts';
import type { CallTransport } from './transport.ts';
import {
  describeInput,
  hasCallTarget,
  type RoomPlan,
  type StartCallInput,
  type WebCallResponse,
} from './web-call.ts';

export type { CallClientOptions } from './client-options.ts';
export type { CallState, StartCallInput, WebCallCreator, WebCallResponse };

/**
 * A browser voice call with an assistant: start, talk, mute, send messages, stop.
 * Framework-free; every outcome is an event of `CallEvents`, and nothing it does can leave it
 * unable to start again. The room itself sits behind `CallTransport` (daily-js by default).
 */
export class CallClient extends Emitter<CallEvents> {
  readonly #settings: ClientSettings;
  #state: CallState = 'idle';
  #call: LiveCall | null = null;
  /** Settles when the start in progress has connected, failed or been cancelled. */
  #startFlow: Promise<unknown> = Promise.resolve();
  #ending: Promise<void> = Promise.resolve();

  constructor(options: CallClientOptions) {
    super();
    this.#settings = resolveSettings(options);
  }

  /** `idle`, `starting` or `connected`. */
  get state(): CallState {
    return this.#state;
  }

  /** The room of the call in progress, once created: what rejoining it from another page needs. */
  get room(): RoomPlan | null {
    return this.#call?.plan ?? null;
  }

  /**
   * Starts a call. Resolves with the web call once connected, or `null` when the start failed
   * (see `call-start-failed` and `error`), was cancelled by `stop()`, or was ignored because a
   * call is already starting or connected. Rejects only for missing input (docs/behaviour.md#validation).
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
    const call = new LiveCall({
      audioContextFactory: this.#settings.audioContextFactory,
      onCallStart: () => this.emit('call-start'),
    });
    this.#call = call;
    // Set before any listener runs, so a stop() from the very first `state-change` waits for
    // this start to unwind.
    let settled: () => void = () => undefined;
    this.#startFlow = new Promise<void>((resolve) => {
      settled = resolve;
    });
    this.#setState('starting');
    this.#settings.warmUp(); // loads the lazy defaults while the microphone prompt is open
    return this.#runStart(call, input).finally(settled);
  }

  /**
   * Ends the call, or cancels a start in progress; resolves once everything is released and the
   * state is `idle`. From then on nothing of that call connects, emits `call-start` or keeps a
   * track, even when `stop()` is called from a listener of the start's own events.
   */
  async stop(): Promise<void> {
    const call = this.#call;
    if (call && this.#state === 'starting') {
      call.cancel();
      await this.#startFlow;
    } else if (call) {
      await this.#end(call);
    }
    await this.#ending;
  }

  /** Mutes or unmutes the microphone. Throws `Call object is not available.` without a call. */
  setMuted(muted: boolean): void {
    this.#active().call.handleMuted(muted);
  }

  /** Whether the microphone is muted. Throws `Call object is not available.` without a call. */
  isMuted(): boolean {
    const { call, transport } = this.#active();
    return call.userMuted || transport.localAudio() === false;
  }

  /**
   * Multiplies the microphone level by `gain` (1 = unchanged). One AudioContext is reused for
   * the whole call and released when it ends. Throws `Call object is not available.` without a call.
   */
  async increaseMicLevel(gain: number): Promise<void> {
    const { call, transport } = this.#active();
    if (!Number.isFinite(gain) || gain < 0) {
      throw CallError.validation('The microphone gain must be a number of 0 or more.');
    }
    const boosted = await call.handleGain(gain);
    if (boosted) {
      await transport.updateInputSettings({ audio: { settings: { customTrack: boosted } } });
    }
  }

  /** Makes the assistant say `message` (docs/behaviour.md#web-call `say`); needs a connected call. */
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
      throw new VoiceAssistantError();
    }
    transport.sendAppMessage(serializeClientMessage(message), '*');
  }

  #active(): { call: LiveCall; transport: CallTransport } {
    const call = this.#call;
    const transport = call?.transport;
    if (!call || !transport || call.disposed) {
      throw new VoiceAssistantError();
    }
    return { call, transport };
  }

  #setState(next: CallState): void {
    assertTransition(this.#state, next);
    this.#state = next;
    this.emit('state-change', next);
  }

  async #runStart(call: LiveCall, input: StartCallInput): Promise<WebCallResponse | null> {
    const settings = this.#settings;
    const startedAt = settings.now();
    let stage: StartStage = 'initialization';
    const runStage = createStageRunner({
      now: settings.now,
      signal: call.signal,
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
        call,
        input,
        settings,
        runStage,
        wireRoom: () => this.#wire(call),
      });
      // A stop() from a listener of the last stage's report, or of an optional stage's error.
      call.throwIfStopped();
      this.#setState('connected');
      if (call.stopped) {
        return null; // stopped from the `connected` state-change: the call has already ended
      }
      this.emit('call-start-success', {
        totalDurationMs: settings.now() - startedAt,
        callId: call.plan?.callId,
      });
      call.handleConnected();
      return response;
    } catch (thrown) {
      await call.dispose();
      if (this.#call === call) {
        this.#call = null;
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
        context: { ...describeInput(input), isMobile: isMobileUserAgent(settings.userAgent) },
      });
      this.emit('error', error);
      return null;
    }
  }

  #wire(call: LiveCall): void {
    wireRoomEvents(call, {
      emit: (event, ...args) => this.emit(event, ...args),
      now: this.#settings.now,
      onRoomEnded: (cause) => {
        if (this.#call !== call) {
          return;
        }
        if (this.#state === 'starting') {
          call.cancel(cause ?? 'the room closed before the call started');
        } else {
          void this.#end(call, cause);
        }
      },
    });
  }

  /** Ends a connected call: release everything, then `idle`, status, `call-end` (docs/behaviour.md#states). */
  #end(call: LiveCall, cause?: unknown): Promise<void> {
    if (this.#call !== call) {
      return this.#ending;
    }
    this.#call = null;
    call.cancel();
    this.#ending = (async () => {
      await call.dispose();
      this.#setState('idle');
      if (cause !== undefined) {
        this.emit('error', CallError.room(cause));
      }
      if (!call.endedStatusSeen) {
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
