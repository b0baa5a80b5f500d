/** Creates the AudioContext used for the microphone gain; injectable for tests. */
export type AudioContextFactory = () => AudioContext;

/** The browser's AudioContext, created on first use only. */
export const browserAudioContext: AudioContextFactory = () => new AudioContext();
