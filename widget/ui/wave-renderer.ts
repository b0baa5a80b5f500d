import type { VolumeTween } from '../session/volume-tween.ts';
import {
  canvasPixelSize,
  levelBar,
  WAVE_LAYERS,
  WAVE_POINTS,
  waveAmplitude,
  waveY,
} from './wave-math.ts';

const DEFAULT_ACCENT = '#60a5fa';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Draws the wave on a canvas. The animation loop runs only while the call is active AND the
 * canvas is on screen AND the page is visible AND the visitor has not asked for reduced motion;
 * in every other case no animation frame is requested at all. Under reduced motion a calm
 * level bar is redrawn only when a volume sample arrives.
 *
 * The canvas backing store follows its CSS box in device pixels (ResizeObserver, including
 * devicePixelRatio changes from zoom or a move to another screen), so lines stay sharp.
 */
export class WaveRenderer {
  readonly #canvas: HTMLCanvasElement;
  readonly #tween: VolumeTween;
  readonly #ctx: CanvasRenderingContext2D | null;
  readonly #resizeObserver: ResizeObserver;
  readonly #intersectionObserver: IntersectionObserver;
  readonly #motionQuery: MediaQueryList;
  #active = false;
  #onScreen = true;
  #frame = 0;
  #accent = DEFAULT_ACCENT;

  constructor(canvas: HTMLCanvasElement, tween: VolumeTween) {
    this.#canvas = canvas;
    this.#tween = tween;
    this.#ctx = canvas.getContext('2d');
    const view = canvas.ownerDocument.defaultView ?? window;
    this.#motionQuery = view.matchMedia(REDUCED_MOTION);
    this.#motionQuery.addEventListener('change', this.#update);
    this.#resizeObserver = new view.ResizeObserver(this.#onResize);
    try {
      this.#resizeObserver.observe(canvas, { box: 'device-pixel-content-box' });
    } catch {
      this.#resizeObserver.observe(canvas);
    }
    this.#intersectionObserver = new view.IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      this.#onScreen = last?.isIntersecting ?? this.#onScreen;
      this.#update();
    });
    this.#intersectionObserver.observe(canvas);
    canvas.ownerDocument.addEventListener('visibilitychange', this.#update);
  }

  /** True while the animation loop is scheduled. */
  get running(): boolean {
    return this.#frame !== 0;
  }

  /** Whether the call is active (the only time the wave moves). */
  setActive(active: boolean): void {
    this.#active = active;
    this.#update();
  }

  /** A new volume sample arrived: redraw the calm indicator when there is no loop. */
  sample(): void {
    if (!this.running) {
      this.#drawStill();
    }
  }

  dispose(): void {
    this.#active = false;
    this.#stopLoop();
    this.#resizeObserver.disconnect();
    this.#intersectionObserver.disconnect();
    this.#motionQuery.removeEventListener('change', this.#update);
    this.#canvas.ownerDocument.removeEventListener('visibilitychange', this.#update);
  }

  readonly #update = (): void => {
    const shouldRun =
      this.#active &&
      this.#onScreen &&
      this.#canvas.ownerDocument.visibilityState === 'visible' &&
      !this.#motionQuery.matches;
    if (shouldRun && !this.running) {
      this.#frame = requestAnimationFrame(this.#tick);
    } else if (!shouldRun) {
      this.#stopLoop();
      this.#drawStill();
    }
  };

  readonly #onResize = (entries: ResizeObserverEntry[]): void => {
    const entry = entries[entries.length - 1];
    if (!entry) {
      return;
    }
    // The exact device-pixel box when the browser reports one consistent with the ratio
    // (emulated ratios, as in headless test browsers, are not reflected in it).
    const size = canvasPixelSize(
      entry.contentRect.width,
      entry.contentRect.height,
      devicePixelRatio,
    );
    const device = entry.devicePixelContentBoxSize?.[0];
    if (device && Math.abs(device.inlineSize - size.width) <= 2) {
      size.width = Math.max(1, device.inlineSize);
      size.height = Math.max(1, device.blockSize);
    }
    if (this.#canvas.width !== size.width || this.#canvas.height !== size.height) {
      this.#canvas.width = size.width;
      this.#canvas.height = size.height;
    }
    const accent = getComputedStyle(this.#canvas).getPropertyValue('--va-accent').trim();
    this.#accent = accent || DEFAULT_ACCENT;
    if (!this.running) {
      this.#drawStill();
    }
  };

  #stopLoop(): void {
    if (this.#frame !== 0) {
      cancelAnimationFrame(this.#frame);
      this.#frame = 0;
    }
  }

  readonly #tick = (now: number): void => {
    this.#frame = requestAnimationFrame(this.#tick);
    this.#drawWave(now);
  };

  #drawWave(now: number): void {
    const ctx = this.#ctx;
    if (!ctx) {
      return;
    }
    const { width, height } = this.#canvas;
    const amplitude = waveAmplitude(this.#tween.level(now), height);
    const seconds = now / 1000;
    ctx.clearRect(0, 0, width, height);
    ctx.lineWidth = Math.max(1, height / 120);
    ctx.lineJoin = 'round';
    ctx.strokeStyle = this.#accent;
    for (const layer of WAVE_LAYERS) {
      ctx.globalAlpha = layer.alpha;
      ctx.beginPath();
      for (let i = 0; i <= WAVE_POINTS; i++) {
        const x01 = i / WAVE_POINTS;
        const y = waveY(x01, layer, amplitude, seconds, height);
        if (i === 0) {
          ctx.moveTo(0, y);
        } else {
          ctx.lineTo(x01 * width, y);
        }
      }
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  /** Idle: a flat line. Active without a loop (reduced motion): the calm level bar. */
  #drawStill(): void {
    const ctx = this.#ctx;
    if (!ctx) {
      return;
    }
    const { width, height } = this.#canvas;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = this.#accent;
    if (this.#active) {
      const bar = levelBar(this.#tween.target, width, height);
      ctx.globalAlpha = 1;
      ctx.fillRect(bar.x, bar.y, bar.width, bar.height);
      return;
    }
    const line = Math.max(1, Math.round(height / 240));
    ctx.globalAlpha = 0.5;
    ctx.fillRect(0, (height - line) / 2, width, line);
    ctx.globalAlpha = 1;
  }
}
