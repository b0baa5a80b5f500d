import { VOLUME_SCALE } from './call-constants.ts';

/** Sum of every remote participant's audio level (daily-js reports each in 0..1). */
export function levelSum(levels: Readonly<Record<string, number>>): number {
  let sum = 0;
  for (const level of Object.values(levels)) {
    if (Number.isFinite(level) && level > 0) {
      sum += level;
    }
  }
  return sum;
}

/** docs/behaviour.md#states: volume = level sum ÷ 0.15, capped at 1 (and never below 0). */
export function volumeFromLevel(sum: number): number {
  if (!Number.isFinite(sum) || sum <= 0) {
    return 0;
  }
  return Math.min(1, sum / VOLUME_SCALE);
}
