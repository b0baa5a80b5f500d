import { CallError } from './call-error.ts';

/** The part of `navigator.mediaDevices` the client uses; injectable for tests. */
export type MicrophoneSource = Pick<MediaDevices, 'getUserMedia'>;

/**
 * Asks for the microphone before anything else happens, so it runs inside the user's gesture
 * and no web call is created when the microphone is unusable. Browser refusals become typed
 * errors (`microphone-denied`, `microphone-not-found`, `microphone-in-use`).
 */
export async function requestMicrophone(
  source: MicrophoneSource | undefined,
): Promise<MediaStream> {
  if (!source || typeof source.getUserMedia !== 'function') {
    throw CallError.forStage(
      'initialization',
      'this page cannot use the microphone; it must be served over HTTPS',
    );
  }
  let stream: MediaStream;
  try {
    stream = await source.getUserMedia({ audio: true });
  } catch (error) {
    throw CallError.microphone(error);
  }
  if (stream.getAudioTracks().length === 0) {
    stopStream(stream);
    throw CallError.microphone({ name: 'NotFoundError' });
  }
  return stream;
}

/** The stream's first audio track, the one handed to the room as its audio source. */
export function microphoneTrack(stream: MediaStream): MediaStreamTrack | undefined {
  return stream.getAudioTracks()[0];
}

/** True while the track still delivers audio (the OS may end it when another app takes the mic). */
export function isLive(track: MediaStreamTrack | undefined): boolean {
  return track !== undefined && track.readyState === 'live';
}

/** Stops every track, which turns the browser's microphone indicator off. */
export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) {
    track.stop();
  }
}
