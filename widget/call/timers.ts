/**
 * Owns every timeout and interval of one call (the call client's live call, the demo room), so
 * ending the call clears all of them in one place and tests can check that none is left behind.
 */
export class Timers {
  readonly #timeouts = new Set<ReturnType<typeof setTimeout>>();
  readonly #intervals = new Set<ReturnType<typeof setInterval>>();

  /** Runs `fn` once after `ms`; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void {
    const id = setTimeout(() => {
      this.#timeouts.delete(id);
      fn();
    }, ms);
    this.#timeouts.add(id);
    return () => {
      clearTimeout(id);
      this.#timeouts.delete(id);
    };
  }

  /** Runs `fn` every `ms` until cancelled; returns a function that cancels it. */
  every(ms: number, fn: () => void): () => void {
    const id = setInterval(fn, ms);
    this.#intervals.add(id);
    return () => {
      clearInterval(id);
      this.#intervals.delete(id);
    };
  }

  /** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
  delay(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        cancel();
        reject(signal.reason);
      };
      const cancel = this.after(ms, () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** How many timers are pending. */
  get pending(): number {
    return this.#timeouts.size + this.#intervals.size;
  }

  /** Cancels everything. */
  clearAll(): void {
    for (const id of this.#timeouts) {
      clearTimeout(id);
    }
    for (const id of this.#intervals) {
      clearInterval(id);
    }
    this.#timeouts.clear();
    this.#intervals.clear();
  }
}
