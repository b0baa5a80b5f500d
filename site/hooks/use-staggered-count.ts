import { useEffect, useState } from 'react';

/**
 * How many of `total` items are shown: once `active`, item i appears `i * stepMs` after
 * activation (the first at once). `immediate` shows them all together.
 */
export function useStaggeredCount(
  total: number,
  stepMs: number,
  active: boolean,
  immediate: boolean,
): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (immediate) {
      setCount(total);
      return;
    }
    if (!active || total <= 0) {
      return;
    }
    setCount((shown) => Math.max(shown, 1));
    const timers = Array.from({ length: total - 1 }, (_, i) =>
      window.setTimeout(() => setCount((shown) => Math.max(shown, i + 2)), (i + 1) * stepMs),
    );
    return () => {
      for (const timer of timers) {
        window.clearTimeout(timer);
      }
    };
  }, [total, stepMs, active, immediate]);
  return count;
}
