import type { DailyCallOptions } from '@daily-co/daily-js';
import type { EventPayload } from './daily-events.ts';

/** The visitor's microphone as the demo room holds it. */
export interface MicrophoneGrant {
  track: MediaStreamTrack | null;
  /** A `camera-error` to report, as daily-js does when it cannot open the microphone itself. */
  error?: EventPayload<'camera-error'>;
  /** Stops the track when the room opened it; a track handed over by the client stays its own. */
  release(): void;
}

const NONE: MicrophoneGrant = { track: null, release: () => undefined };

function cameraError(error: unknown): EventPayload<'camera-error'> {
  const name = error instanceof DOMException ? error.name : '';
  const msg = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return {
      errorMsg: { errorMsg: msg, audioOk: false },
      error: { type: 'permissions', msg, blockedBy: 'user', blockedMedia: ['audio'] },
    };
  }
  if (name === 'NotFoundError') {
    return {
      errorMsg: { errorMsg: msg, audioOk: false },
      error: { type: 'not-found', msg, missingMedia: ['audio'] },
    };
  }
  if (name === 'NotReadableError') {
    return { errorMsg: { errorMsg: msg, audioOk: false }, error: { type: 'mic-in-use', msg } };
  }
  return { errorMsg: { errorMsg: msg, audioOk: false }, error: { type: 'unknown', msg } };
}

/**
 * Resolves the room's `audioSource` the way daily-js does: a `MediaStreamTrack` is used as it
 * is (the call client preflighted it and owns it), `false` means no microphone, anything else
 * opens one with `getUserMedia` (a string is a device id). Never rejects: a microphone that
 * cannot be opened becomes a `camera-error` and a room without local audio.
 */
export async function acquireMicrophone(
  source: DailyCallOptions['audioSource'],
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<MicrophoneGrant> {
  if (typeof source === 'object') {
    return { track: source, release: () => undefined };
  }
  if (source === false) {
    return NONE;
  }
  if (!mediaDevices) {
    return { ...NONE, error: cameraError(new Error('mediaDevices is not available')) };
  }
  try {
    const audio = typeof source === 'string' ? { deviceId: { exact: source } } : true;
    const stream = await mediaDevices.getUserMedia({ audio });
    const track = stream.getAudioTracks()[0] ?? null;
    return {
      track,
      release: () => {
        for (const t of stream.getTracks()) {
          t.stop();
        }
      },
    };
  } catch (error) {
    return { ...NONE, error: cameraError(error) };
  }
}
