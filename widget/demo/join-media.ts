import type { DailyCallOptions } from '@daily-co/daily-js';
import type { Timers } from '../call/timers.ts';
import type { DemoAudioEngine } from './audio-engine.ts';
import type { DailyEventHub } from './daily-events.ts';
import { JOIN_DELAY_MS } from './demo-timings.ts';
import { acquireMicrophone, type MicrophoneGrant } from './microphone-grant.ts';

/**
 * What the demo room needs before the visitor is in it, at once: the microphone, the voice
 * clips, and a real join's usual {@link JOIN_DELAY_MS}. When the join is aborted or the clips
 * fail, a microphone granted meanwhile is released.
 */
export async function prepareJoin(
  engine: DemoAudioEngine,
  source: DailyCallOptions['audioSource'],
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined,
  timers: Timers,
  signal: AbortSignal,
): Promise<MicrophoneGrant> {
  const micRequest = acquireMicrophone(source, mediaDevices);
  try {
    const [mic] = await Promise.all([
      micRequest,
      engine.load(signal),
      timers.delay(JOIN_DELAY_MS, signal),
    ]);
    return mic;
  } catch (error) {
    void micRequest.then((grant) => grant.release());
    throw error;
  }
}

/**
 * Hands the visitor's microphone to the engine, on unless the visitor joined muted; one that
 * could not be opened is the room's `camera-error`, as daily-js reports it.
 */
export function handOverMicrophone(
  engine: DemoAudioEngine,
  mic: MicrophoneGrant,
  enabled: boolean,
  hub: DailyEventHub,
): void {
  if (mic.error) {
    hub.emit('camera-error', mic.error);
  }
  if (mic.track) {
    mic.track.enabled = enabled;
  }
  engine.attachMicrophone(mic.track);
}
