import type { AudioContextFactory } from './audio-context.ts';

/**
 * Microphone gain for `increaseMicLevel`: one AudioContext per call, reused for every change
 * and closed when the call ends (the platform SDK opened a new context and a new microphone
 * stream on every call and never released them). Its own lazy chunk (`load-mic-gain.ts`): few
 * hosts ever boost the microphone, so the widget's after-click bytes carry none of it.
 */
export class MicGain {
  #context: AudioContext | null = null;
  #node: GainNode | null = null;
  #output: MediaStreamTrack | null = null;

  constructor(private readonly createContext: AudioContextFactory) {}

  /**
   * Sets the gain. The first call builds microphone → gain → output and returns the boosted
   * track, which the caller hands to the room; later calls only change the gain and return null.
   */
  apply(stream: MediaStream, gain: number): MediaStreamTrack | null {
    if (this.#node) {
      this.#node.gain.value = gain;
      return null;
    }
    const context = this.createContext();
    this.#context = context;
    const node = context.createGain();
    node.gain.value = gain;
    const output = context.createMediaStreamDestination();
    context.createMediaStreamSource(stream).connect(node);
    node.connect(output);
    this.#node = node;
    this.#output = output.stream.getAudioTracks()[0] ?? null;
    return this.#output;
  }

  /** Whether an AudioContext is open. */
  get active(): boolean {
    return this.#context !== null;
  }

  /** Stops the boosted track and closes the context. Safe to call more than once. */
  async release(): Promise<void> {
    const context = this.#context;
    this.#output?.stop();
    this.#context = null;
    this.#node = null;
    this.#output = null;
    if (context && context.state !== 'closed') {
      await context.close().catch(() => undefined);
    }
  }
}
