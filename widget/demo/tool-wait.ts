import type { Timers } from '../call/timers.ts';
import { TOOL_RESULT_TIMEOUT_MS } from './demo-timings.ts';

/** A tool result the page sent back (an `add-message` with role `tool`). */
export interface ReceivedToolResult {
  readonly toolCallId: string;
  readonly content: string;
}

/**
 * The demo assistant waiting on its tool calls: it goes on once every call has a result, or
 * after {@link TOOL_RESULT_TIMEOUT_MS} (a page that does not answer must not stall the call).
 * Results for calls it is not waiting on are ignored.
 */
export class ToolWait {
  readonly #timers: Timers;
  readonly #awaiting = new Set<string>();
  readonly #results: ReceivedToolResult[] = [];
  #then: (() => void) | null = null;
  #cancel: (() => void) | null = null;

  constructor(timers: Timers) {
    this.#timers = timers;
  }

  /** Every result received, in order of arrival. */
  get results(): readonly ReceivedToolResult[] {
    return this.#results;
  }

  /** Waits for results to `ids`, then runs `then` once. */
  start(ids: readonly string[], then: () => void): void {
    this.abandon();
    for (const id of ids) {
      this.#awaiting.add(id);
    }
    this.#then = then;
    this.#cancel = this.#timers.after(TOOL_RESULT_TIMEOUT_MS, () => this.#done());
  }

  /** Takes one result; the last awaited one ends the wait. */
  receive(toolCallId: string, content: string): void {
    if (!this.#awaiting.delete(toolCallId)) {
      return;
    }
    this.#results.push({ toolCallId, content });
    if (this.#awaiting.size === 0) {
      this.#done();
    }
  }

  /** Stops waiting without going on (the call is ending). */
  abandon(): void {
    this.#then = null;
    this.#done();
  }

  #done(): void {
    this.#cancel?.();
    this.#cancel = null;
    this.#awaiting.clear();
    const then = this.#then;
    this.#then = null;
    then?.();
  }
}
