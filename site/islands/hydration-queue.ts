/** Gives the browser a turn: resolves in a later task, so the work after it is a task of its own. */
export type YieldToBrowser = () => Promise<void>;

interface GateState {
  /** Waits for its section to come near rather than for its turn. */
  deferred: boolean;
  opened: boolean;
  committed: boolean;
  open: () => void;
  promise: Promise<void>;
  markCommitted: () => void;
  whenCommitted: Promise<void>;
}

/**
 * Hands out one gate per island and opens them one at a time, in the order the islands were
 * registered (document order): island n + 1 may hydrate only after island n has committed and
 * the browser has had a turn. So hydration never runs as one long task, whatever the page size.
 * A deferred island takes no turn: its gate opens only when asked (`open`, when its section comes
 * near, or `openAll`). A queue that was never started is open: every gate passes at once (server
 * rendering, a page rendered from scratch, unit tests).
 */
export class HydrationQueue {
  readonly #gates = new Map<string, GateState>();
  readonly #yield: YieldToBrowser;
  #started = false;
  #pumping = false;
  #resolveReady: () => void = () => {};
  #resolveDone: () => void = () => {};
  /** Settles once every island that takes a turn (the first screen) has hydrated. */
  readonly ready: Promise<void>;
  /** Settles once every registered island has hydrated, deferred ones included. */
  readonly done: Promise<void>;

  constructor(yieldToBrowser: YieldToBrowser) {
    this.#yield = yieldToBrowser;
    this.ready = new Promise((resolve) => {
      this.#resolveReady = resolve;
    });
    this.done = new Promise((resolve) => {
      this.#resolveDone = resolve;
    });
  }

  /**
   * Declares an island (idempotent; call it while rendering, in document order). A deferred one
   * waits for `open(id)` or `openAll()` instead of taking a turn.
   */
  register(id: string, deferred = false): void {
    if (this.#gates.has(id)) {
      return;
    }
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    let markCommitted = () => {};
    const whenCommitted = new Promise<void>((resolve) => {
      markCommitted = resolve;
    });
    this.#gates.set(id, {
      deferred,
      opened: false,
      committed: false,
      open,
      promise,
      markCommitted,
      whenCommitted,
    });
  }

  /**
   * The promise an island waits on before hydrating, or null when the queue is not held. Once
   * held, an island always gets its promise, opened or not, so it calls the same hooks on every
   * render; an opened one is marked fulfilled (React's convention for thenables) so `use` reads it
   * without suspending.
   */
  gate(id: string): Promise<void> | null {
    const state = this.#gates.get(id);
    return this.#started && state ? state.promise : null;
  }

  /** Makes islands wait for their turn; call before hydrating. */
  hold(): void {
    this.#started = true;
  }

  /** An island's content has committed: its turn is over. */
  committed(id: string): void {
    const state = this.#gates.get(id);
    if (state && !state.committed) {
      state.committed = true;
      state.markCommitted();
      this.#checkDone();
    }
  }

  /** Opens the gates one per turn (after the page's first commit). */
  start(): void {
    if (!this.#started) {
      for (const state of this.#gates.values()) {
        state.opened = true;
        state.committed = true;
      }
      this.#checkDone();
      return;
    }
    void this.#pump();
  }

  /** A deferred island is wanted (its section is near): let it hydrate now. */
  open(id: string): void {
    const state = this.#gates.get(id);
    if (state && this.#started) {
      this.#open(state);
    }
  }

  /** The visitor is about to interact: let every island hydrate now. */
  openAll(): void {
    for (const state of this.#gates.values()) {
      this.#open(state);
    }
  }

  #open(state: GateState): void {
    if (!state.opened) {
      state.opened = true;
      Object.assign(state.promise, { status: 'fulfilled', value: undefined });
      state.open();
    }
  }

  async #pump(): Promise<void> {
    if (this.#pumping) {
      return;
    }
    this.#pumping = true;
    for (const state of this.#gates.values()) {
      if (state.deferred) {
        continue;
      }
      await this.#yield();
      this.#open(state);
      await state.whenCommitted;
    }
    this.#checkDone();
  }

  #checkDone(): void {
    const gates = [...this.#gates.values()];
    if (gates.every((state) => state.committed || state.deferred)) {
      this.#resolveReady();
    }
    if (gates.every((state) => state.committed)) {
      this.#resolveDone();
    }
  }
}
