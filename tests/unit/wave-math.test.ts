import { describe, expect, it } from 'vitest';
import { VolumeTween } from '../../widget/session/volume-tween.ts';
import {
  canvasPixelSize,
  levelBar,
  WAVE_HEIGHT_SHARE,
  WAVE_LAYERS,
  WAVE_REST_LEVEL,
  waveAmplitude,
  waveY,
} from '../../widget/ui/wave-math.ts';

describe('VolumeTween', () => {
  it('glides to each 100 ms sample linearly instead of jumping', () => {
    const tween = new VolumeTween();
    expect(tween.intervalMs).toBe(100);
    tween.push(0.8, 1000);
    expect(tween.level(1000)).toBe(0);
    expect(tween.level(1025)).toBeCloseTo(0.2);
    expect(tween.level(1050)).toBeCloseTo(0.4);
    expect(tween.level(1100)).toBeCloseTo(0.8);
    expect(tween.level(5000)).toBeCloseTo(0.8);
  });

  it('starts each glide from the level shown when the sample arrived (no jump)', () => {
    const tween = new VolumeTween(100);
    tween.push(1, 0);
    const shown = tween.level(50);
    tween.push(0, 50);
    expect(tween.level(50)).toBeCloseTo(shown);
    expect(tween.level(100)).toBeCloseTo(shown / 2);
    expect(tween.level(150)).toBeCloseTo(0);
  });

  it('moves less than one sample step per 60 fps frame', () => {
    const tween = new VolumeTween();
    tween.push(1, 0);
    const frame = 1000 / 60;
    for (let t = 0; t < 100; t += frame) {
      expect(tween.level(t + frame) - tween.level(t)).toBeLessThanOrEqual(frame / 100 + 1e-9);
    }
  });

  it('clamps samples into [0, 1], treats NaN as silence, and resets at once', () => {
    const tween = new VolumeTween();
    tween.push(3, 0);
    expect(tween.target).toBe(1);
    tween.push(Number.NaN, 200);
    expect(tween.target).toBe(0);
    tween.push(0.5, 400);
    tween.reset();
    expect(tween.level(450)).toBe(0);
    expect(tween.target).toBe(0);
  });
});

describe('wave geometry', () => {
  it('scales the amplitude with the level, with a small rest level while silent', () => {
    expect(waveAmplitude(0, 200)).toBeCloseTo(WAVE_REST_LEVEL * 200 * WAVE_HEIGHT_SHARE);
    expect(waveAmplitude(1, 200)).toBeCloseTo(200 * WAVE_HEIGHT_SHARE);
    expect(waveAmplitude(0.5, 200)).toBeGreaterThan(waveAmplitude(0.25, 200));
  });

  it('pins both ends of every line to the middle and stays inside the canvas', () => {
    const height = 300;
    const amplitude = waveAmplitude(1, height);
    for (const layer of WAVE_LAYERS) {
      expect(waveY(0, layer, amplitude, 1.234, height)).toBeCloseTo(height / 2);
      expect(waveY(1, layer, amplitude, 1.234, height)).toBeCloseTo(height / 2);
      for (let x = 0; x <= 1; x += 0.01) {
        const y = waveY(x, layer, amplitude, 7.7, height);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(height);
      }
    }
  });

  it('moves with time', () => {
    const layer = WAVE_LAYERS[2];
    if (!layer) {
      throw new Error('three layers expected');
    }
    expect(waveY(0.3, layer, 50, 0, 200)).not.toBeCloseTo(waveY(0.3, layer, 50, 0.25, 200));
  });

  it('sizes the backing store in device pixels for a sharp image', () => {
    expect(canvasPixelSize(300, 150, 2)).toEqual({ width: 600, height: 300 });
    expect(canvasPixelSize(300.4, 150.6, 1.5)).toEqual({ width: 451, height: 226 });
    expect(canvasPixelSize(0, 0, 3)).toEqual({ width: 1, height: 1 });
    expect(canvasPixelSize(100, 50, Number.NaN)).toEqual({ width: 100, height: 50 });
  });

  it('draws the calm indicator as a centred bar whose width follows the level', () => {
    const quiet = levelBar(0, 400, 100);
    const loud = levelBar(1, 400, 100);
    expect(loud.width).toBeCloseTo(240);
    expect(quiet.width).toBeCloseTo(16);
    expect(loud.x + loud.width / 2).toBeCloseTo(200);
    expect(loud.y + loud.height / 2).toBeCloseTo(50);
  });
});
