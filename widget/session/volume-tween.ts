import { AUDIO_LEVEL_INTERVAL_MS } from '../call/call-constants.ts';

/** `value` clamped to [0, 1]; anything not finite is 0. */
export function clamp01(value: number): number {
  if (!Number.isFinite(value)) {
    return 0;
  }
  return Math.min(1, Math.max(0, value));
}

/**
 * Smooths the 100 ms volume samples for 60 fps drawing: after each sample, the shown level
 * moves linearly from where it was to the new value over one sample interval. It never jumps,
 * because each glide starts from the level shown at the moment the sample arrived.
 */
export class VolumeTween {
  #from = 0;
  #to = 0;
  #at = Number.NEGATIVE_INFINITY;

  /** `intervalMs`: docs/behaviour.md#constants audio level observer interval. */
  constructor(readonly intervalMs: number = AUDIO_LEVEL_INTERVAL_MS) {}

  /** Feeds a volume sample in [0, 1] received at `nowMs`. */
  push(value: number, nowMs: number): void {
    this.#from = this.level(nowMs);
    this.#to = clamp01(value);
    this.#at = nowMs;
  }

  /** The level to draw at `nowMs`, in [0, 1]. */
  level(nowMs: number): number {
    const progress = clamp01((nowMs - this.#at) / this.intervalMs);
    return this.#from + (this.#to - this.#from) * progress;
  }

  /** The last sample's value (what a calm, non-animated indicator shows). */
  get target(): number {
    return this.#to;
  }

  /** Back to silence, at once. */
  reset(): void {
    this.#from = 0;
    this.#to = 0;
    this.#at = Number.NEGATIVE_INFINITY;
  }
}
