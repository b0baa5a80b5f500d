import { nextTask } from './queue.ts';

// The entry's scripts must not compete with the first paint (docs/behaviour.md#landing): a
// download that starts before the paint is presented is one the paint may wait for, on a slow
// phone as in Lighthouse's simulation of one. So the entry waits until the browser has reported
// the paint itself, not only until a frame was scheduled.

/** How long to wait for a paint report before starting anyway (a browser without the API). */
const PAINT_REPORT_TIMEOUT_MS = 1000;

/** The paint entries to wait for, best first: the largest paint, else the first contentful one. */
function paintEntryType(): string | null {
  const supported = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  return ['largest-contentful-paint', 'paint'].find((type) => supported.includes(type)) ?? null;
}

/**
 * Resolves in a task after the browser has reported the page's first contentful paint: at once
 * in a background tab (it paints nothing until shown) or when the page has no prerendered
 * content to paint, after a frame when the browser reports no paints, and after at most one
 * second whatever happens.
 */
export function afterFirstPaint(hasContent: boolean): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    let observer: PerformanceObserver | undefined;
    const finish = () => {
      if (!settled) {
        settled = true;
        observer?.disconnect();
        clearTimeout(timer);
        // A task of its own, so the work after it never runs inside the observer's callback.
        void nextTask().then(resolve);
      }
    };
    const timer = setTimeout(finish, PAINT_REPORT_TIMEOUT_MS);
    const type = paintEntryType();
    if (document.visibilityState !== 'visible' || !hasContent) {
      finish();
    } else if (type) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().length > 0) {
          finish();
        }
      });
      observer.observe({ type, buffered: true });
    } else {
      requestAnimationFrame(finish);
    }
  });
}
