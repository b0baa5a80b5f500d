import {
  AUDIO_LEVEL_INTERVAL_MS,
  MOBILE_PERMISSION_WAIT_MS,
  VIDEO_RECORDING,
} from './call-constants.ts';
import { CallError } from './call-error.ts';
import type { LiveCall } from './live-call.ts';
import {
  isLive,
  type MicrophoneSource,
  microphoneTrack,
  requestMicrophone,
} from './microphone-stream.ts';
import { isMobileUserAgent } from './mobile.ts';
import { subscribeParticipant } from './room-events.ts';
import { buildJoinOptions, buildRoomOptions, type RoomSettings } from './room-options.ts';
import type { StageRunner } from './stage-runner.ts';
import type { CallTransportFactory } from './transport.ts';
import {
  buildWebCallBody,
  describeInput,
  readWebCall,
  type StartCallInput,
  type WebCallBody,
  type WebCallResponse,
} from './web-call.ts';

/** Creates the web call (POST /call/web); the signal aborts it when `stop()` cancels. */
export type WebCallCreator = (
  payload: WebCallBody,
  signal: AbortSignal,
) => Promise<WebCallResponse>;

/** Everything the start stages read; resolved once from `CallClientOptions`. */
export interface StartSettings extends RoomSettings {
  createWebCall: WebCallCreator;
  transportFactory: CallTransportFactory;
  mediaDevices: MicrophoneSource | undefined;
  userAgent: string;
  joinTimeoutMs: number;
  noiseCancellation: boolean;
  now: () => number;
}

export interface StartRun {
  call: LiveCall;
  input: StartCallInput;
  settings: StartSettings;
  runStage: StageRunner;
  /** Subscribes the client to the new room's events (before join, so none is missed). */
  wireRoom: () => void;
}

function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) {
    throw new Error('A start stage ran without the result of the one before it.');
  }
  return value;
}

/**
 * The start stages, in order (docs/behaviour.md#start-stages). Required stages throw their
 * `CallError` (the runner reports them); optional ones report and the start goes on. Results
 * go to the call through its `handle…` methods. Returns the web call; the caller checks
 * that no `stop()` came from a listener of the last report before it connects.
 */
export async function runStartSequence(run: StartRun): Promise<WebCallResponse> {
  const { call, input, settings, runStage } = run;
  let response: WebCallResponse | undefined;

  await runStage('initialization', async (note) => {
    note(describeInput(input));
    // No await before this line: the preflight must run inside the user's gesture.
    const stream = input.microphone ?? (await requestMicrophone(settings.mediaDevices));
    call.handleMicrophone(stream);
    if (!microphoneTrack(stream)) {
      throw CallError.microphone({ name: 'NotFoundError' });
    }
  });

  await runStage('web-call-creation', async (note) => {
    response = await settings.createWebCall(buildWebCallBody(input), call.signal);
    const plan = readWebCall(response);
    call.handleWebCall(plan);
    note({
      callId: plan.callId,
      videoRecordingEnabled: plan.videoRecording,
      voiceProvider: plan.voiceProvider,
    });
  });

  await runStage('daily-call-object-creation', async () => {
    const plan = required(call.plan);
    const track = microphoneTrack(required(call.microphone));
    const transport = await settings.transportFactory(buildRoomOptions(plan, track, settings));
    call.handleTransport(transport);
    run.wireRoom();
  });

  await runStage('mobile-permissions', async (note) => {
    const isMobile = isMobileUserAgent(settings.userAgent);
    note({ isMobile, waitedMs: isMobile ? MOBILE_PERMISSION_WAIT_MS : 0 });
    if (isMobile) {
      await call.sleep(MOBILE_PERMISSION_WAIT_MS);
    }
    // A mobile OS may hand the microphone to another app (a phone call) during the wait.
    if (!isLive(microphoneTrack(required(call.microphone)))) {
      throw CallError.microphone(
        new DOMException('The microphone track ended.', 'NotReadableError'),
        'mobile-permissions',
      );
    }
  });

  await runStage('daily-call-join', async () => {
    await call.join(buildJoinOptions(required(call.plan)), settings.joinTimeoutMs);
    const transport = required(call.transport);
    // Participants already in the room sent no participant-joined event: subscribe them now.
    for (const participant of Object.values(transport.participants())) {
      subscribeParticipant(call, participant);
    }
  });

  await runStage('video-recording-setup', (note) => {
    if (!required(call.plan).videoRecording) {
      note({ skipped: 'not-enabled' });
      return;
    }
    const requestedAt = settings.now();
    required(call.transport).startRecording({ ...VIDEO_RECORDING });
    call.handleRecordingRequested(requestedAt);
  });

  await runStage('audio-observer-setup', async () => {
    await required(call.transport).startRemoteParticipantsAudioLevelObserver(
      AUDIO_LEVEL_INTERVAL_MS,
    );
  });

  await runStage('audio-processing-setup', async (note) => {
    if (!settings.noiseCancellation) {
      note({ skipped: 'noise-cancellation-off' });
      return;
    }
    await required(call.transport).updateInputSettings({
      audio: { processor: { type: 'noise-cancellation' } },
    });
  });

  return required(response);
}
