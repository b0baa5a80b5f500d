import { type RefObject, useEffect, useRef, useState } from 'react';
import { REVEAL_BOTTOM_MARGIN_PX, REVEAL_THRESHOLD } from '../lib/constants.ts';

/** Observer settings of every scroll reveal: 10% visible, 50 px in from the viewport bottom. */
export const REVEAL_OBSERVER_OPTIONS: IntersectionObserverInit = {
  threshold: REVEAL_THRESHOLD,
  rootMargin: `0px 0px -${REVEAL_BOTTOM_MARGIN_PX}px 0px`,
};

/**
 * Becomes true the first time the element is at least 10% visible inside the viewport shrunk
 * by 50 px at the bottom, and stays true (reveals play once).
 */
export function useInViewOnce<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) {
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        setInView(true);
      }
    }, REVEAL_OBSERVER_OPTIONS);
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);
  return [ref, inView];
}
