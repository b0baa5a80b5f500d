import { describe, expect, test } from 'vitest';
import { levelSum, volumeFromLevel } from '../../widget/call/volume.ts';

describe('volume (docs/behaviour.md#states: sum ÷ 0.15, capped at 1)', () => {
  test('divides the level sum by 0.15 and caps at 1', () => {
    expect(volumeFromLevel(0.075)).toBeCloseTo(0.5);
    expect(volumeFromLevel(0.15)).toBe(1);
    expect(volumeFromLevel(0.9)).toBe(1);
    expect(volumeFromLevel(0)).toBe(0);
  });

  test('never goes below 0 or becomes NaN', () => {
    expect(volumeFromLevel(-1)).toBe(0);
    expect(volumeFromLevel(Number.NaN)).toBe(0);
  });

  test('sums every remote participant, ignoring junk values', () => {
    expect(levelSum({ a: 0.01, b: 0.02 })).toBeCloseTo(0.03);
    expect(levelSum({ a: Number.NaN, b: -0.5, c: 0.1 })).toBeCloseTo(0.1);
    expect(levelSum({})).toBe(0);
  });
});
