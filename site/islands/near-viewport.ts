/**
 * How far below (or above) the viewport a deferred section starts loading: half a screen ahead
 * of the visitor, so its code has arrived and its reveal is ready before it scrolls into view
 * (docs/behaviour.md#landing).
 */
export const NEAR_VIEWPORT_MARGIN = '50% 0px';

/**
 * Calls `onNear` once, the first time `element` comes within half a viewport of the screen, and
 * returns the function that stops watching. Without IntersectionObserver it calls at once.
 */
export function whenNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onNear();
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
