import { keepStretches } from './audio-cut.ts';
import type { DemoAudioEngine } from './audio-engine.ts';
import { KEPT_STRETCHES } from './clips.ts';
import { ANALYSER_FFT_SIZE } from './demo-timings.ts';
import { rms } from './level.ts';
import type { ClipId } from './script.ts';

/** What the engine needs from the browser; injectable so a test can count what it opens. */
export interface WebAudioDeps {
  /** The recorded clips to load; none when the call's lines are not the recordings' words. */
  urls: Partial<Readonly<Record<ClipId, string>>>;
  createContext?: () => AudioContext;
  fetch?: typeof fetch;
}

/** Thrown when a clip cannot be fetched or decoded: the demo room cannot be joined without it. */
export class DemoAudioError extends Error {
  override readonly name = 'DemoAudioError';
  readonly code = 'demo-audio-unavailable';
  constructor(clip: ClipId, cause: unknown) {
    super(`The demo assistant's voice clip "${clip}" could not be loaded.`, { cause });
  }
}

/**
 * The demo assistant's voice through Web Audio.
 *
 * Graph: clip (AudioBufferSourceNode) → gain (the `mute-assistant` control) → AnalyserNode →
 * MediaStreamAudioDestinationNode. The destination's track is handed to the call client as the
 * assistant's remote audio track, and the client plays it in an `<audio>` element as it does a
 * real call's, so the voice is heard once. The analyser measures exactly what plays.
 *
 * The visitor's microphone goes into a second AnalyserNode only (never to the speakers).
 */
export class WebAudioEngine implements DemoAudioEngine {
  readonly #deps: WebAudioDeps;
  readonly #context: AudioContext;
  readonly #buffers = new Map<ClipId, AudioBuffer>();
  readonly #gain: GainNode;
  readonly #voiceAnalyser: AnalyserNode;
  readonly #micAnalyser: AnalyserNode;
  readonly #output: MediaStreamAudioDestinationNode;
  readonly #window = new Float32Array(ANALYSER_FFT_SIZE);
  #playing: AudioBufferSourceNode | null = null;
  #micSource: MediaStreamAudioSourceNode | null = null;
  #closed = false;

  constructor(deps: WebAudioDeps) {
    this.#deps = deps;
    this.#context = deps.createContext?.() ?? new AudioContext();
    const context = this.#context;
    this.#gain = context.createGain();
    this.#voiceAnalyser = context.createAnalyser();
    this.#micAnalyser = context.createAnalyser();
    this.#voiceAnalyser.fftSize = ANALYSER_FFT_SIZE;
    this.#micAnalyser.fftSize = ANALYSER_FFT_SIZE;
    this.#output = context.createMediaStreamDestination();
    this.#gain.connect(this.#voiceAnalyser).connect(this.#output);
  }

  async load(signal?: AbortSignal): Promise<void> {
    if (this.#context.state === 'suspended') {
      // Chromium resumes at once after the visitor's click. Browsers that want the resume inside
      // a gesture (Safari) get it at the visitor's next tap or key. Never awaited.
      this.#context.resume().catch(() => undefined);
      const doc = globalThis.document;
      doc?.addEventListener('pointerdown', this.#resumeOnGesture, true);
      doc?.addEventListener('keydown', this.#resumeOnGesture, true);
    }
    const doFetch = this.#deps.fetch ?? fetch;
    const entries = Object.entries(this.#deps.urls) as Array<[ClipId, string]>;
    await Promise.all(
      entries.map(async ([clip, url]) => {
        try {
          const response = await doFetch(url, { signal });
          if (!response.ok) {
            throw new Error(`HTTP ${response.status}`);
          }
          const buffer = await this.#context.decodeAudioData(await response.arrayBuffer());
          this.#buffers.set(clip, keepStretches(this.#context, buffer, KEPT_STRETCHES[clip]));
        } catch (error) {
          throw signal?.aborted ? signal.reason : new DemoAudioError(clip, error);
        }
      }),
    );
  }

  durationMs(clip: ClipId): number {
    return (this.#buffers.get(clip)?.duration ?? 0) * 1000;
  }

  play(clip: ClipId, onEnded: () => void): void {
    this.stop();
    const buffer = this.#buffers.get(clip);
    if (!buffer || this.#closed) {
      queueMicrotask(onEnded);
      return;
    }
    const source = this.#context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.#gain);
    source.onended = () => {
      if (this.#playing === source) {
        this.#playing = null;
        source.disconnect();
        onEnded();
      }
    };
    this.#playing = source;
    source.start();
  }

  stop(): void {
    const source = this.#playing;
    this.#playing = null;
    if (source) {
      source.onended = null;
      source.stop();
      source.disconnect();
    }
  }

  setVoiceMuted(muted: boolean): void {
    this.#gain.gain.value = muted ? 0 : 1;
  }

  voiceLevel(): number {
    return this.#level(this.#voiceAnalyser);
  }

  micLevel(): number {
    return this.#micSource ? this.#level(this.#micAnalyser) : 0;
  }

  attachMicrophone(track: MediaStreamTrack | null): void {
    this.#micSource?.disconnect();
    this.#micSource = null;
    if (track && !this.#closed) {
      this.#micSource = this.#context.createMediaStreamSource(new MediaStream([track]));
      this.#micSource.connect(this.#micAnalyser);
    }
  }

  voiceTrack(): MediaStreamTrack | null {
    return this.#output.stream.getAudioTracks()[0] ?? null;
  }

  async close(): Promise<void> {
    if (this.#closed) {
      return;
    }
    this.#closed = true;
    this.#forgetGesture();
    this.stop();
    this.attachMicrophone(null);
    for (const track of this.#output.stream.getTracks()) {
      track.stop();
    }
    this.#gain.disconnect();
    this.#voiceAnalyser.disconnect();
    this.#buffers.clear();
    await this.#context.close().catch(() => undefined);
  }

  readonly #resumeOnGesture = (): void => {
    this.#forgetGesture();
    this.#context.resume().catch(() => undefined);
  };

  #forgetGesture(): void {
    globalThis.document?.removeEventListener('pointerdown', this.#resumeOnGesture, true);
    globalThis.document?.removeEventListener('keydown', this.#resumeOnGesture, true);
  }

  #level(analyser: AnalyserNode): number {
    analyser.getFloatTimeDomainData(this.#window);
    return rms(this.#window);
  }
}
