import type {
  DailyEventObjectCameraError,
  DailyEventObjectNetworkConnectionEvent,
  DailyEventObjectNetworkQualityEvent,
} from '@daily-co/daily-js';
import type { CallError } from './call-error.ts';
import type { CallState } from './call-state.ts';
import type { ClientMessage, UnknownClientMessage } from './message-types.ts';
import type { StageReport } from './stage-runner.ts';
import type { ReportedStage, StartStage } from './start-stages.ts';

/** Payload of `call-start-success`. */
export interface CallStartSuccess {
  /** Milliseconds from `start()` to the end of the last stage. */
  totalDurationMs: number;
  /** The web call's id, when the response had one. */
  callId: string | undefined;
}

/** Payload of `call-start-failed`. */
export interface CallStartFailed {
  /** The stage that really failed (never "unknown"). */
  stage: StartStage;
  totalDurationMs: number;
  error: CallError;
  /** What was being started, for diagnostics. */
  context: {
    hasAssistant: boolean;
    hasSquad: boolean;
    hasWorkflow: boolean;
    isMobile: boolean;
    microphone: 'provided' | 'preflight';
  };
}

/**
 * Every event a `CallClient` emits, with the listener signature. This one map is the whole event
 * vocabulary: `on`/`off`/`once` are typed from it.
 */
export interface CallEvents {
  /**
   * The state changed (`idle` → `starting` → `connected` → `idle`, or `starting` → `idle` when a
   * start fails or is cancelled). It fires before the event that explains the change
   * (`call-start-success`, `call-start-failed`, `call-end`), so those listeners may call
   * `start()` again at once.
   */
  'state-change': (state: CallState) => void;
  /**
   * A start stage `started`, `completed`, `failed` or was `cancelled` by `stop()`, with its
   * duration. Stages run in the order of `START_STAGES`. A second `start()` while a call is
   * starting or connected reports a failed `input-validation` stage with reason
   * `already-started` and changes nothing else.
   */
  'call-start-progress': (report: StageReport) => void;
  /** Every stage completed (optional ones may have failed); fires right after `connected`. */
  'call-start-success': (result: CallStartSuccess) => void;
  /**
   * A required stage failed. Fires after the failed stage report, after clean-up and after
   * `state-change` to `idle`, and before the matching `error`.
   */
  'call-start-failed': (failure: CallStartFailed) => void;
  /**
   * The assistant is listening (the server's `listening` app message). Fires at most once per
   * call, never before `call-start-success`, and never after `stop()`.
   */
  'call-start': () => void;
  /**
   * The call ended: `stop()`, the assistant hung up, or the room failed. Fires last, after
   * `state-change` to `idle` and after the `status-update` message `ended` (reason
   * `customer-ended-call`) that is emitted when no ended status was seen during the call.
   */
  'call-end': () => void;
  /** The assistant started speaking: the remote level sum went above 0.01. */
  'speech-start': () => void;
  /** The assistant stopped speaking: 1000 ms passed since the level was last above 0.01. */
  'speech-end': () => void;
  /** The assistant's volume, 0..1 (level sum ÷ 0.15, capped at 1), every 100 ms during a call. */
  'volume-level': (volume: number) => void;
  /**
   * A message from the assistant, parsed from JSON and tagged by `type`. Unknown types are
   * passed on as they are; unparseable data is logged and dropped.
   */
  message: (message: ClientMessage | UnknownClientMessage) => void;
  /**
   * Something went wrong. Start failures carry the `stage`. `error.recoverable` is the client's
   * verdict, so listeners never re-derive it from stage lists:
   * - `true`: an optional stage (recording, speech detection, noise cancellation) failed and the
   *   call goes on without it;
   * - `false`: the start failed (after `call-start-failed`) or the call ended (before `call-end`).
   *
   * Never thrown: a client with no `error` listener still cleans up and can start again. A
   * `stop()` from this listener is honoured at once, even for an error of the last stage.
   */
  error: (error: CallError) => void;
  /** The room reported a camera or microphone problem (daily-js `camera-error`, passed on). */
  'camera-error': (event: DailyEventObjectCameraError) => void;
  /** The connection quality changed (daily-js `network-quality-change`, passed on). */
  'network-quality-change': (event: DailyEventObjectNetworkQualityEvent) => void;
  /** A network connection changed state (daily-js `network-connection`, passed on). */
  'network-connection': (event: DailyEventObjectNetworkConnectionEvent) => void;
  /** The avatar's video track started (only when video is subscribed: recording or avatar voice). */
  video: (track: MediaStreamTrack) => void;
}

/** An event name of `CallEvents`. */
export type CallEventName = keyof CallEvents;

/** The function the client hands to its helpers so they can emit without owning the emitter. */
export type EmitCallEvent = <K extends CallEventName>(
  event: K,
  ...args: Parameters<CallEvents[K]>
) => void;

export type { ReportedStage, StageReport, StartStage };
