import type { ClipId } from './script.ts';

/**
 * The sound the conversation needs: recorded lines to play and two levels to read. The Web
 * Audio engine implements it in the browser; unit tests use a fake with the same shape, since
 * happy-dom has no Web Audio.
 */
export interface ConversationAudio {
  /** Length of a loaded clip, in milliseconds. */
  durationMs(clip: ClipId): number;
  /** Plays `clip` from the start; `onEnded` runs once when it has played to the end. */
  play(clip: ClipId, onEnded: () => void): void;
  /** Stops the clip that is playing, if any; its `onEnded` never runs. */
  stop(): void;
  /** Silences or restores the assistant's voice (the `mute-assistant` control). */
  setVoiceMuted(muted: boolean): void;
  /** RMS level (0–1) of the visitor's microphone right now; 0 without a microphone. */
  micLevel(): number;
}

/** Everything the demo room needs from its audio, on top of what the conversation needs. */
export interface DemoAudioEngine extends ConversationAudio {
  /** Fetches and decodes every clip; rejects when one cannot be loaded. */
  load(signal?: AbortSignal): Promise<void>;
  /** Listens to the visitor's microphone track (level only: nothing is recorded or sent). */
  attachMicrophone(track: MediaStreamTrack | null): void;
  /** RMS level (0–1) of the assistant's voice actually playing right now. */
  voiceLevel(): number;
  /** The assistant's voice as a remote audio track, the way the room delivers one. */
  voiceTrack(): MediaStreamTrack | null;
  /** Stops playback and releases the AudioContext and its nodes. */
  close(): Promise<void>;
}
