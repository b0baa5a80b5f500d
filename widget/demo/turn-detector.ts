import { END_OF_TURN_SILENCE_MS, MAX_TURN_MS, MIN_VOICE_MS, VOICE_LEVEL } from './demo-timings.ts';

/** What one microphone sample changed. */
export type TurnEvent = 'turn-start' | 'turn-end' | null;

/** Thresholds of the detector (defaults from `constants.ts`). */
export interface TurnDetectorOptions {
  voiceLevel?: number;
  minVoiceMs?: number;
  endSilenceMs?: number;
  maxTurnMs?: number;
}

/**
 * Visitor turn taking from the microphone level alone (pure: fed `(level, nowMs)`).
 *
 * - A turn starts once at least `minVoiceMs` of voice (level ≥ `voiceLevel`) has been heard
 *   without a gap of `endSilenceMs`; shorter blips are taken as noise and forgotten.
 * - It ends after `endSilenceMs` of quiet, or is cut after `maxTurnMs`, as a speech endpointer
 *   does for someone who never pauses (or a steady noise).
 */
export class TurnDetector {
  readonly #voiceLevel: number;
  readonly #minVoiceMs: number;
  readonly #endSilenceMs: number;
  readonly #maxTurnMs: number;
  #state: 'quiet' | 'voice' | 'turn' = 'quiet';
  #voicedMs = 0;
  #startedAt = 0;
  #lastVoiceAt = 0;
  #lastSampleAt: number | null = null;

  constructor(options: TurnDetectorOptions = {}) {
    this.#voiceLevel = options.voiceLevel ?? VOICE_LEVEL;
    this.#minVoiceMs = options.minVoiceMs ?? MIN_VOICE_MS;
    this.#endSilenceMs = options.endSilenceMs ?? END_OF_TURN_SILENCE_MS;
    this.#maxTurnMs = options.maxTurnMs ?? MAX_TURN_MS;
  }

  /** True between `turn-start` and `turn-end`. */
  get speaking(): boolean {
    return this.#state === 'turn';
  }

  /** Feeds one level sample taken at `now` (ms); returns the transition it caused, if any. */
  feed(level: number, now: number): TurnEvent {
    const elapsed = this.#lastSampleAt === null ? 0 : Math.max(0, now - this.#lastSampleAt);
    this.#lastSampleAt = now;
    if (level >= this.#voiceLevel) {
      if (this.#state === 'quiet') {
        this.#state = 'voice';
        this.#startedAt = now;
        this.#voicedMs = 0;
      } else {
        this.#voicedMs += elapsed;
      }
      this.#lastVoiceAt = now;
    } else if (this.#state !== 'quiet' && now - this.#lastVoiceAt >= this.#endSilenceMs) {
      return this.#finish();
    }
    if (this.#state === 'voice' && this.#voicedMs >= this.#minVoiceMs) {
      this.#state = 'turn';
      return 'turn-start';
    }
    if (this.#state === 'turn' && now - this.#startedAt >= this.#maxTurnMs) {
      return this.#finish();
    }
    return null;
  }

  /** Forgets any utterance in progress (for example when the assistant takes the floor). */
  reset(): void {
    this.#state = 'quiet';
    this.#voicedMs = 0;
    this.#lastSampleAt = null;
  }

  #finish(): TurnEvent {
    const wasTurn = this.#state === 'turn';
    this.reset();
    return wasTurn ? 'turn-end' : null;
  }
}
