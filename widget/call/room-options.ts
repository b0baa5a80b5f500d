import type { DailyCallOptions } from '@daily-co/daily-js';
import { AVOID_EVAL_DEFAULT } from './call-constants.ts';
import type { CallTransportOptions } from './transport.ts';
import type { RoomPlan } from './web-call.ts';

/** The daily-js settings a host may pass through `CallClientOptions`. */
export interface RoomSettings {
  /** daily-js `dailyConfig.avoidEval`; default true, so no `unsafe-eval` is needed under CSP. */
  avoidEval?: boolean;
  /** daily-js `dailyConfig.bundlePathOverride`: load Daily's call bundles from your own host. */
  bundlePathOverride?: string;
  /** daily-js `allowMultipleCallInstances`, for pages that run more than one call object. */
  allowMultipleCallInstances?: boolean;
}

/**
 * The room object's options (docs/behaviour.md#constants): audio source on (our preflighted mic track when we have
 * one), video source following the video-recording flag.
 */
export function buildRoomOptions(
  plan: Pick<RoomPlan, 'videoRecording'>,
  micTrack: MediaStreamTrack | undefined,
  settings: RoomSettings,
): CallTransportOptions {
  return {
    audioSource: micTrack ?? true,
    videoSource: plan.videoRecording,
    dailyConfig: {
      avoidEval: settings.avoidEval ?? AVOID_EVAL_DEFAULT,
      ...(settings.bundlePathOverride && { bundlePathOverride: settings.bundlePathOverride }),
    },
    ...(settings.allowMultipleCallInstances !== undefined && {
      allowMultipleCallInstances: settings.allowMultipleCallInstances,
    }),
  };
}

/** `join()` options: the room URL, its token when the response had one, manual subscription. */
export function buildJoinOptions(plan: Pick<RoomPlan, 'url' | 'token'>): DailyCallOptions {
  return {
    url: plan.url,
    ...(plan.token && { token: plan.token }),
    subscribeToTracksAutomatically: false,
  };
}
