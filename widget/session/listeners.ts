/**
 * The listeners of one kind of change, for the application's stores: `subscribe` is stable (React's
 * `useSyncExternalStore` takes it as is) and returns the unsubscribe; `notify` calls each listener.
 */
export class Listeners<Args extends unknown[] = []> {
  readonly #set = new Set<(...args: Args) => void>();

  readonly subscribe = (listener: (...args: Args) => void): (() => void) => {
    this.#set.add(listener);
    return () => this.#set.delete(listener);
  };

  /** Calls every listener with `args`, in the order they subscribed. */
  notify(...args: Args): void {
    for (const listener of this.#set) {
      listener(...args);
    }
  }
}
