/** Thrown through the start sequence when `stop()` cancels it; never reaches a caller. */
export class StartCancelledError extends Error {
  override readonly name = 'StartCancelledError';
  constructor() {
    super('The call start was cancelled.');
  }
}

/** Abort reason meaning "the room failed while starting"; the stage fails with `cause`. */
export class RoomFailure {
  constructor(readonly cause: unknown) {}
}

/** Why `signal` aborted: `StartCancelledError` for a `stop()`, else the room's failure. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof RoomFailure ? signal.reason.cause : new StartCancelledError();
}

/**
 * Settles like `promise`, unless `signal` aborts first: then it rejects with
 * `StartCancelledError` (a `stop()`), or with the room's error (a `RoomFailure`). A late
 * rejection of `promise` is swallowed, so nothing ends up as an unhandled rejection.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
