import { type RefObject, useEffect } from 'react';
import { nextMarqueeOffset } from '../lib/marquee.ts';

/**
 * Drives an endless row: each animation frame moves `track` left by 0.5 px with a CSS
 * transform only, wrapping at `setWidth`. The loop stops while the row is off-screen, while the
 * tab is hidden, and while the pointer or keyboard focus is inside `viewport`; it resumes from
 * the same offset.
 */
export function useMarquee(
  viewport: RefObject<HTMLElement | null>,
  track: RefObject<HTMLElement | null>,
  setWidth: number,
  enabled: boolean,
): void {
  useEffect(() => {
    const box = viewport.current;
    const row = track.current;
    if (!enabled || !box || !row) {
      return;
    }
    let offset = 0;
    let frame = 0;
    let onScreen = false;
    let hovered = false;
    let focused = false;

    const tick = () => {
      offset = nextMarqueeOffset(offset, setWidth);
      row.style.transform = `translate3d(${-offset}px, 0, 0)`;
      frame = window.requestAnimationFrame(tick);
    };
    const update = () => {
      const run = onScreen && !hovered && !focused && document.visibilityState === 'visible';
      if (run && frame === 0) {
        frame = window.requestAnimationFrame(tick);
      } else if (!run && frame !== 0) {
        window.cancelAnimationFrame(frame);
        frame = 0;
      }
    };

    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      update();
    });
    observer.observe(box);
    const onPointerEnter = () => {
      hovered = true;
      update();
    };
    const onPointerLeave = () => {
      hovered = false;
      update();
    };
    const onFocusIn = () => {
      focused = true;
      update();
    };
    const onFocusOut = (event: FocusEvent) => {
      focused = event.relatedTarget instanceof Node && box.contains(event.relatedTarget);
      update();
    };
    box.addEventListener('pointerenter', onPointerEnter);
    box.addEventListener('pointerleave', onPointerLeave);
    box.addEventListener('focusin', onFocusIn);
    box.addEventListener('focusout', onFocusOut);
    document.addEventListener('visibilitychange', update);

    return () => {
      window.cancelAnimationFrame(frame);
      observer.disconnect();
      box.removeEventListener('pointerenter', onPointerEnter);
      box.removeEventListener('pointerleave', onPointerLeave);
      box.removeEventListener('focusin', onFocusIn);
      box.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('visibilitychange', update);
      row.style.removeProperty('transform');
    };
  }, [viewport, track, setWidth, enabled]);
}
