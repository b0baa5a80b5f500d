/** The part of `localStorage` the lead queue uses (injectable for tests). */
export type CaptureStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The page's `localStorage`, or `null` where reading it throws (sandboxed frames, some private
 * modes, storage blocked by the visitor). Its own module, so the UI chunk can ask whether leads
 * wait on the device without taking the queue's storage code (pending-captures.ts) with it.
 */
export function pageStorage(): CaptureStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
