import { SPEAKING_THRESHOLD, SPEECH_END_DELAY_MS } from './call-constants.ts';

export type SpeechTransition = 'speech-start' | 'speech-end';

/**
 * Pure speech timing (docs/behaviour.md#states): speech starts when the level sum exceeds 0.01 and ends
 * 1000 ms after the level last exceeded it. Time is passed in, so no test sleeps; the client
 * arms one timer for `endsAt` and calls `expire` when it fires.
 */
export class SpeechDetector {
  #speaking = false;
  #lastLoudAt = 0;

  constructor(
    private readonly threshold = SPEAKING_THRESHOLD,
    private readonly endDelayMs = SPEECH_END_DELAY_MS,
  ) {}

  /** Whether the assistant is currently speaking. */
  get speaking(): boolean {
    return this.#speaking;
  }

  /** When speech will end if no louder sample arrives, or `null` when silent. */
  get endsAt(): number | null {
    return this.#speaking ? this.#lastLoudAt + this.endDelayMs : null;
  }

  /** Feeds one level sample taken at `nowMs`; returns the transition it causes, if any. */
  feed(levelSum: number, nowMs: number): SpeechTransition | null {
    if (levelSum > this.threshold) {
      this.#lastLoudAt = nowMs;
      if (!this.#speaking) {
        this.#speaking = true;
        return 'speech-start';
      }
      return null;
    }
    return this.expire(nowMs);
  }

  /** Ends speech when `nowMs` is at or past `endsAt`. */
  expire(nowMs: number): SpeechTransition | null {
    const endsAt = this.endsAt;
    if (endsAt !== null && nowMs >= endsAt) {
      this.#speaking = false;
      return 'speech-end';
    }
    return null;
  }

  /** Forgets any speech in progress (the call ended). */
  reset(): void {
    this.#speaking = false;
    this.#lastLoudAt = 0;
  }
}
