/**
 * A start asked for before the UI chunk arrived (a click, or `start()`): the loader shows the
 * connecting label at once and starts the call when the chunk is there, unless `stop()`
 * cancelled it first.
 */
export interface PendingStart {
  cancelled: boolean;
  /** Settles when the call is up or has failed. */
  promise: Promise<void>;
}
