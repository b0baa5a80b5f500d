import type { Deliverable } from './capture.ts';
import { PENDING_STORAGE_KEY } from './constants.ts';
import type { CaptureStorage } from './page/page-storage.ts';

export type { CaptureStorage } from './page/page-storage.ts';

/** One capture waiting on the device for a later page load. */
export interface StoredCapture {
  /** The endpoint it is for (only a widget posting there sends it). */
  readonly endpoint: string;
  /** When it was stored (ms since the epoch), to drop stale ones. */
  readonly storedAt: number;
  readonly capture: Deliverable;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Another script (or an older version) may have written the key: keep only sound entries. */
function isStoredCapture(value: unknown): value is StoredCapture {
  if (!isRecord(value) || !isRecord(value.capture)) {
    return false;
  }
  const { capture } = value;
  const sound =
    capture.kind === 'conversation'
      ? typeof capture.conversationId === 'string' && Array.isArray(capture.messages)
      : (capture.kind === 'lead' ||
          capture.kind === 'viewing-request' ||
          capture.kind === 'callback') &&
        isRecord(capture.fields) &&
        isRecord(capture.listing);
  return (
    typeof value.endpoint === 'string' &&
    typeof value.storedAt === 'number' &&
    typeof capture.idempotencyKey === 'string' &&
    sound
  );
}

/**
 * The captures waiting in `localStorage` under one key, as a JSON array. Every method survives
 * a missing, full or blocked storage (private mode): then nothing waits, and nothing throws.
 * The key is removed once the last capture is.
 */
export class PendingCaptures {
  readonly #storage: CaptureStorage | null;
  readonly #key: string;

  constructor(storage: CaptureStorage | null, key: string = PENDING_STORAGE_KEY) {
    this.#storage = storage;
    this.#key = key;
  }

  /** Every sound entry, in the order they were stored. */
  list(): StoredCapture[] {
    try {
      const text = this.#storage?.getItem(this.#key);
      const parsed: unknown = text ? JSON.parse(text) : [];
      return Array.isArray(parsed) ? parsed.filter(isStoredCapture) : [];
    } catch {
      return [];
    }
  }

  /** Stores (or replaces, by idempotency key) one entry; `false` when storage refused it. */
  put(entry: StoredCapture): boolean {
    const key = entry.capture.idempotencyKey;
    const others = this.list().filter((e) => e.capture.idempotencyKey !== key);
    return this.#write([...others, entry]);
  }

  /** Removes the entry with this idempotency key, if any. */
  remove(idempotencyKey: string): void {
    const entries = this.list();
    const rest = entries.filter((e) => e.capture.idempotencyKey !== idempotencyKey);
    if (rest.length !== entries.length) {
      this.#write(rest);
    }
  }

  #write(entries: readonly StoredCapture[]): boolean {
    if (!this.#storage) {
      return false;
    }
    try {
      if (entries.length === 0) {
        this.#storage.removeItem(this.#key);
      } else {
        this.#storage.setItem(this.#key, JSON.stringify(entries));
      }
      return true;
    } catch {
      return false;
    }
  }
}
