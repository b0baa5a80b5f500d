import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The browser's clock, read again each minute: enough for "Unclaimed · 7 min", whose minutes
 * count from the desk's `receivedAt`.
 */
export function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Whole minutes from `sinceIso` to `now`, never below 0. */
export function minutesSince(sinceIso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(sinceIso)) / MINUTE_MS));
}
