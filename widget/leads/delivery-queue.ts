import { logger } from '../call/logger.ts';
import { type Deliverable, mayStoreCapture } from './capture.ts';
import {
  DELIVERY_BASE_BACKOFF_MS,
  DELIVERY_MAX_ATTEMPTS,
  DELIVERY_MAX_BACKOFF_MS,
  DELIVERY_TIMEOUT_MS,
  STORED_CAPTURE_MAX_AGE_MS,
} from './constants.ts';
import {
  DELIVERY_REASONS,
  httpReason,
  type LeadDeliveryDetail,
  thrownReason,
} from './delivery-report.ts';
import { type CaptureStorage, PendingCaptures } from './pending-captures.ts';

/**
 * How one delivery ended:
 * - `delivered`: the endpoint answered 2xx (now or on an earlier try with the same key);
 * - `rejected`: it answered a 4xx that no retry can fix; the capture is forgotten;
 * - `stored`: every try failed; the capture waits on the device for the next page load;
 * - `dropped`: every try failed and, without consent, nothing was kept.
 */
export type DeliveryOutcome = 'delivered' | 'rejected' | 'stored' | 'dropped';

/** What a delivery queue is built from; everything with a side effect is injectable. */
export interface LeadDeliveryOptions {
  /** The checked `lead-endpoint` URL (see `parseUrl` in element/attributes.ts). */
  endpoint: string;
  fetch?: typeof fetch;
  /** `localStorage`, or `null` when the page has none. */
  storage?: CaptureStorage | null;
  /** Schedules a callback; returns its cancel function. */
  after?: (ms: number, fn: () => void) => () => void;
  /** Wall clock in ms (for the age of stored captures). */
  now?: () => number;
  /** Where the queue reports failures; never given personal data. */
  warn?: (message: string) => void;
  /**
   * Whether the endpoint answers at all: a bodiless `no-cors` GET by default. Asked only after
   * a try threw, to tell a refused CORS preflight from an unreachable host.
   */
  probe?: (endpoint: string) => Promise<boolean>;
  maxAttempts?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  timeoutMs?: number;
}

/** A delivery's progress, as `voice-assistant:lead-delivery` reports it (without the key). */
export type DeliveryReport = Omit<LeadDeliveryDetail, 'idempotencyKey'>;

/** What one `deliver` call is given besides the capture. */
export interface DeliverOptions {
  /** The visitor agreed to the disclosure: the capture may wait on the device. */
  consentAgreed?: boolean;
  /**
   * Told after the first try that did not deliver (`queued`, or `failed` for a refusal), and
   * when the delivery ends (`delivered`, `queued` when kept on the device, or `failed`).
   */
  onReport?: (report: DeliveryReport) => void;
}

type TryResult = { kind: 'delivered' } | { kind: 'rejected' | 'retry'; reason: string };

/** A bodiless cross-origin GET that resolves when the host answered anything at all. */
function noCorsProbe(endpoint: string): Promise<boolean> {
  return fetch(endpoint, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' }).then(
    () => true,
    () => false,
  );
}

/** The wait before retry `n` (1-based): doubling from the base, capped. */
export function backoffDelayMs(
  retry: number,
  baseMs: number = DELIVERY_BASE_BACKOFF_MS,
  maxMs: number = DELIVERY_MAX_BACKOFF_MS,
): number {
  return Math.min(maxMs, baseMs * 2 ** (retry - 1));
}

/**
 * Posts captures to the brokerage's `lead-endpoint`: never lost, never twice
 * (docs/behaviour.md#leads).
 *
 * - Each capture is POSTed as JSON with `Accept: application/json`; its body carries the
 *   capture's `idempotencyKey` (a body field rather than a header, so a cross-origin form
 *   service needs no extra CORS allowance).
 * - A network failure, a timeout, 408, 429 or a 5xx is retried with doubling backoff.
 * - Before the first try, a capture the visitor allowed to be kept (`consent_to_contact`, or the
 *   consent disclosure) is written to `localStorage`, so a page closed mid-delivery still has
 *   it; it is removed once delivered or rejected. {@link resumePending} sends what an earlier
 *   page left behind. Without consent nothing touches the device.
 * - One key is sent at most once per page while in flight or after it was delivered.
 */
export class LeadDeliveryQueue {
  readonly #endpoint: string;
  readonly #fetch: typeof fetch;
  readonly #pending: PendingCaptures;
  readonly #after: (ms: number, fn: () => void) => () => void;
  readonly #now: () => number;
  readonly #warn: (message: string) => void;
  readonly #probe: (endpoint: string) => Promise<boolean>;
  readonly #options: LeadDeliveryOptions;
  readonly #inFlight = new Map<string, Promise<DeliveryOutcome>>();
  readonly #delivered = new Set<string>();
  /** Pending backoff waits: each cancels its timer and lets its delivery finish. */
  readonly #waits = new Set<() => void>();
  #disposed = false;

  constructor(options: LeadDeliveryOptions) {
    this.#options = options;
    this.#endpoint = options.endpoint;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#pending = new PendingCaptures(options.storage ?? null);
    this.#after =
      options.after ??
      ((ms, fn) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      });
    this.#now = options.now ?? Date.now;
    this.#warn = options.warn ?? ((message) => logger.warn(message));
    this.#probe = options.probe ?? noCorsProbe;
  }

  /**
   * Sends one capture (or transcript); `consentAgreed` lets it wait on the device when tries
   * fail.
   */
  deliver(capture: Deliverable, options: DeliverOptions = {}): Promise<DeliveryOutcome> {
    const key = capture.idempotencyKey;
    if (this.#delivered.has(key)) {
      options.onReport?.({ status: 'delivered', reason: null });
      return Promise.resolve('delivered');
    }
    const running = this.#inFlight.get(key);
    if (running) {
      return running;
    }
    const store = mayStoreCapture(capture, options.consentAgreed === true);
    if (store) {
      this.#pending.put({ endpoint: this.#endpoint, storedAt: this.#now(), capture });
    }
    return this.#track(capture, store, options.onReport);
  }

  /**
   * Sends the captures an earlier page load left on the device for this endpoint (call once
   * on load). Captures older than {@link STORED_CAPTURE_MAX_AGE_MS} are dropped unsent.
   */
  resumePending(): Promise<DeliveryOutcome[]> {
    const runs: Promise<DeliveryOutcome>[] = [];
    for (const entry of this.#pending.list()) {
      if (entry.endpoint !== this.#endpoint) {
        continue;
      }
      const key = entry.capture.idempotencyKey;
      if (this.#now() - entry.storedAt > STORED_CAPTURE_MAX_AGE_MS) {
        this.#pending.remove(key);
        continue;
      }
      runs.push(this.#inFlight.get(key) ?? this.#track(entry.capture, true));
    }
    return Promise.all(runs);
  }

  /**
   * Stops retrying (the element left the page): a delivery waiting for its next try ends as
   * `stored` or `dropped`; a try already on the wire finishes. Stored captures stay for the
   * next load.
   */
  dispose(): void {
    this.#disposed = true;
    for (const wake of this.#waits) {
      wake();
    }
  }

  #track(
    capture: Deliverable,
    stored: boolean,
    report: DeliverOptions['onReport'] = () => undefined,
  ): Promise<DeliveryOutcome> {
    const key = capture.idempotencyKey;
    const run = this.#send(capture, stored, report).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, run);
    return run;
  }

  async #send(
    capture: Deliverable,
    stored: boolean,
    report: NonNullable<DeliverOptions['onReport']>,
  ): Promise<DeliveryOutcome> {
    const key = capture.idempotencyKey;
    const max = this.#options.maxAttempts ?? DELIVERY_MAX_ATTEMPTS;
    let reason = '';
    for (let attempt = 1; attempt <= max && !this.#disposed; attempt += 1) {
      const result = await this.#try(capture);
      if (result.kind === 'delivered') {
        this.#delivered.add(key);
        this.#pending.remove(key);
        report({ status: 'delivered', reason: null });
        return 'delivered';
      }
      reason = result.reason;
      if (result.kind === 'rejected') {
        this.#pending.remove(key);
        this.#warn(`the lead endpoint refused a lead: ${reason}; it will not be retried`);
        report({ status: 'failed', reason });
        return 'rejected';
      }
      if (attempt === 1) {
        this.#warn(`a lead could not be delivered yet: ${reason}; trying again`);
        report({ status: 'queued', reason });
      }
      if (attempt < max) {
        const ms = backoffDelayMs(attempt, this.#options.baseBackoffMs, this.#options.maxBackoffMs);
        await this.#wait(ms);
      }
    }
    this.#warn(
      stored
        ? 'a lead could not be delivered yet; it will be sent on the next page load'
        : 'a lead could not be delivered and was not kept (no consent to store it)',
    );
    const last = `${reason}; ${stored ? DELIVERY_REASONS.stored : DELIVERY_REASONS.dropped}`;
    report({ status: stored ? 'queued' : 'failed', reason: last });
    return stored ? 'stored' : 'dropped';
  }

  async #try(capture: Deliverable): Promise<TryResult> {
    const controller = new AbortController();
    const timeoutMs = this.#options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const cancelTimeout = this.#after(timeoutMs, () => controller.abort());
    try {
      const response = await this.#fetch(this.#endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(capture),
        // Lets a try started just before the page closes finish anyway.
        keepalive: true,
        signal: controller.signal,
      });
      if (response.ok) {
        return { kind: 'delivered' };
      }
      const status = response.status;
      const retry = status === 408 || status === 429 || status >= 500;
      return { kind: retry ? 'retry' : 'rejected', reason: httpReason(status) };
    } catch (error) {
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      const reachable = !aborted && (await this.#probe(this.#endpoint));
      return { kind: 'retry', reason: thrownReason(error, reachable) };
    } finally {
      cancelTimeout();
    }
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        cancel();
        this.#waits.delete(wake);
        resolve();
      };
      const cancel = this.#after(ms, wake);
      this.#waits.add(wake);
    });
  }
}
