import { logger } from './logger.ts';

/** Any map of event name → listener signature. */
export type EventMap<T> = { [K in keyof T]: (...args: never[]) => unknown };

interface Entry {
  listener: (...args: never[]) => unknown;
  once: boolean;
}

/**
 * A small typed event emitter with no dependencies (no Node `events` polyfill).
 *
 * - `on`/`off`/`once` return `this`, so calls chain.
 * - Only the owner emits: `emit` is protected.
 * - Emitting never throws: a listener that throws is logged and the other listeners still run,
 *   and an `error` event with no listener is not an exception (unlike Node's emitter).
 */
export class Emitter<Events extends EventMap<Events>> {
  readonly #entries = new Map<keyof Events, Entry[]>();

  /** Calls `listener` every time `event` fires. */
  on<K extends keyof Events>(event: K, listener: Events[K]): this {
    return this.#add(event, listener, false);
  }

  /** Calls `listener` the next time `event` fires, then forgets it. */
  once<K extends keyof Events>(event: K, listener: Events[K]): this {
    return this.#add(event, listener, true);
  }

  /** Removes `listener` (added with `on` or `once`) from `event`. */
  off<K extends keyof Events>(event: K, listener: Events[K]): this {
    const entry = this.#entries.get(event)?.find((candidate) => candidate.listener === listener);
    if (entry) {
      this.#remove(event, entry);
    }
    return this;
  }

  /** Removes every listener of `event`, or of every event when none is given. */
  removeAllListeners(event?: keyof Events): this {
    if (event === undefined) {
      this.#entries.clear();
    } else {
      this.#entries.delete(event);
    }
    return this;
  }

  /** How many listeners `event` has, or all events together when none is given. */
  listenerCount(event?: keyof Events): number {
    if (event !== undefined) {
      return this.#entries.get(event)?.length ?? 0;
    }
    let total = 0;
    for (const list of this.#entries.values()) {
      total += list.length;
    }
    return total;
  }

  /** Calls the listeners of `event` in the order they were added. Never throws. */
  protected emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void {
    const list = this.#entries.get(event);
    if (!list) {
      return;
    }
    for (const entry of [...list]) {
      if (entry.once) {
        this.#remove(event, entry);
      }
      try {
        (entry.listener as (...a: Parameters<Events[K]>) => unknown)(...args);
      } catch (error) {
        logger.error(`A "${String(event)}" listener threw; the others still ran.`, error);
      }
    }
  }

  #remove(event: keyof Events, entry: Entry): void {
    const list = this.#entries.get(event);
    const index = list ? list.indexOf(entry) : -1;
    if (list && index >= 0) {
      list.splice(index, 1);
      if (list.length === 0) {
        this.#entries.delete(event);
      }
    }
  }

  #add<K extends keyof Events>(event: K, listener: Events[K], once: boolean): this {
    const list = this.#entries.get(event) ?? [];
    list.push({ listener, once });
    this.#entries.set(event, list);
    return this;
  }
}
