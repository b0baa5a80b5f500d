import { clamp01 } from '../session/volume-tween.ts';

/**
 * Pure geometry and timing of the wave. Nothing here touches the DOM, so every formula is
 * unit-tested with plain numbers.
 */

/** One line of the wave: spatial frequency (cycles across the width), speed and weight. */
export interface WaveLayer {
  cycles: number;
  /** Phase turns per second; the sign sets the direction. */
  speed: number;
  /** Share of the amplitude. */
  weight: number;
  /** Stroke opacity. */
  alpha: number;
}

/** Three overlaid lines, drawn back to front. */
export const WAVE_LAYERS: readonly WaveLayer[] = [
  { cycles: 3.1, speed: 0.9, weight: 0.35, alpha: 0.3 },
  { cycles: 2.3, speed: -0.7, weight: 0.6, alpha: 0.55 },
  { cycles: 1.5, speed: 0.5, weight: 1, alpha: 1 },
];

/** While a call is silent the wave still breathes at this share of its full amplitude. */
export const WAVE_REST_LEVEL = 0.06;

/** The largest amplitude is this share of the canvas height (peak to the middle line). */
export const WAVE_HEIGHT_SHARE = 0.42;

/** Points per line: enough for a smooth curve at any width, cheap enough for ≤ 1 ms a frame. */
export const WAVE_POINTS = 96;

/** Peak amplitude in pixels for `level` in [0, 1] on a canvas `height` pixels tall. */
export function waveAmplitude(level: number, height: number): number {
  const shown = WAVE_REST_LEVEL + (1 - WAVE_REST_LEVEL) * clamp01(level);
  return shown * height * WAVE_HEIGHT_SHARE;
}

/**
 * The y coordinate of `layer` at horizontal position `x01` (0 = left edge, 1 = right edge):
 * a travelling sine under a half-sine envelope, so both ends rest on the middle line.
 */
export function waveY(
  x01: number,
  layer: WaveLayer,
  amplitude: number,
  timeSeconds: number,
  height: number,
): number {
  const envelope = Math.sin(Math.PI * x01);
  const phase = 2 * Math.PI * (layer.cycles * x01 + layer.speed * timeSeconds);
  return height / 2 + amplitude * layer.weight * envelope * Math.sin(phase);
}

/** The device-pixel size of a canvas shown at `cssWidth` × `cssHeight`, for a sharp image. */
export function canvasPixelSize(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
): { width: number; height: number } {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return {
    width: Math.max(1, Math.round(cssWidth * ratio)),
    height: Math.max(1, Math.round(cssHeight * ratio)),
  };
}

/**
 * The calm indicator shown under `prefers-reduced-motion`: a centred bar whose width follows
 * the level, redrawn only when a sample arrives (no animation loop).
 */
export function levelBar(
  level: number,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } {
  const barHeight = Math.max(2, Math.round(height * 0.04));
  const minWidth = width * 0.04;
  const barWidth = minWidth + (width * 0.6 - minWidth) * clamp01(level);
  return {
    x: (width - barWidth) / 2,
    y: (height - barHeight) / 2,
    width: barWidth,
    height: barHeight,
  };
}
