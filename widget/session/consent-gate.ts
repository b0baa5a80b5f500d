import { dispatchWidgetEvent } from '../element/after-intent/dom-events.ts';
import type { ConsentConfig } from '../element/attributes.ts';
import {
  type ConsentRecord,
  consentVersion,
  readConsent,
  writeConsent,
} from '../leads/watch/consent-record.ts';
import { Listeners } from './listeners.ts';

/** What the visitor asked for when the disclosure appeared. */
export type ConsentPurpose = 'call' | 'chat';

/** What the dialog shows: nothing, or the disclosure for a call or a chat. */
export interface ConsentSnapshot {
  asking: ConsentPurpose | null;
  text: string;
  url: string | null;
}

/** The answer: the agreement, `null` when no disclosure is set, `false` for `Not now`. */
export type ConsentAnswer = ConsentRecord | null | false;

/** What the gate works with; injected so it is tested without a browser's storage. */
export interface ConsentGateDeps {
  /** The `<voice-assistant>` element: `voice-assistant:consent` is dispatched from it. */
  host: HTMLElement;
  /** The current `consent` / `consent-url` attributes. */
  config(): ConsentConfig | null;
  /** `localStorage`, or null when the page may not use it. */
  storage(): Storage | null;
  now(): Date;
}

const CLOSED: ConsentSnapshot = { asking: null, text: '', url: null };

/**
 * Asks for the `consent` disclosure before the first call or chat (docs/behaviour.md#consent).
 * Nothing is stored, requested or dispatched until `Agree`; an agreement is kept in memory for
 * the page and in `localStorage` under a hash of the text, so a reload does not ask again and a
 * changed text does.
 */
export class ConsentGate {
  readonly #deps: ConsentGateDeps;
  readonly #changes = new Listeners();
  readonly #agreed = new Map<string, ConsentRecord>();
  #snapshot: ConsentSnapshot = CLOSED;
  #pending: {
    version: string;
    settle: (answer: ConsentAnswer) => void;
    promise: Promise<ConsentAnswer>;
  } | null = null;

  constructor(deps: ConsentGateDeps) {
    this.#deps = deps;
  }

  readonly subscribe = this.#changes.subscribe;

  readonly getSnapshot = (): ConsentSnapshot => this.#snapshot;

  /** The agreement to the current text, if the visitor gave one (this page or before). */
  current(): ConsentRecord | null {
    const config = this.#deps.config();
    if (!config) {
      return null;
    }
    const version = consentVersion(config.text);
    const known = this.#agreed.get(version) ?? readConsent(this.#deps.storage(), version);
    if (known) {
      this.#agreed.set(version, known);
    }
    return known;
  }

  /**
   * The answer at once when it is known (no disclosure, or already agreed), else a promise
   * that settles when the visitor presses `Agree` or `Not now`. A second request while the
   * dialog is open shares the first one's answer.
   */
  request(purpose: ConsentPurpose): ConsentRecord | null | Promise<ConsentAnswer> {
    const config = this.#deps.config();
    if (!config) {
      return null;
    }
    const known = this.current();
    if (known) {
      return known;
    }
    if (this.#pending) {
      return this.#pending.promise;
    }
    let settle: (answer: ConsentAnswer) => void = () => undefined;
    const promise = new Promise<ConsentAnswer>((resolve) => {
      settle = resolve;
    });
    this.#pending = { version: consentVersion(config.text), settle, promise };
    this.#update({ asking: purpose, text: config.text, url: config.url });
    return promise;
  }

  /** `Agree`: keeps the agreement, dispatches `voice-assistant:consent`, lets the action go on. */
  agree(): void {
    const pending = this.#pending;
    if (!pending) {
      return;
    }
    const record: ConsentRecord = {
      version: pending.version,
      acceptedAt: this.#deps.now().toISOString(),
    };
    this.#agreed.set(record.version, record);
    writeConsent(this.#deps.storage(), record);
    this.#close();
    dispatchWidgetEvent(this.#deps.host, 'voice-assistant:consent', { ...record });
    pending.settle(record);
  }

  /** `Not now` (or Escape): nothing happens and nothing is kept. */
  decline(): void {
    const pending = this.#pending;
    if (!pending) {
      return;
    }
    this.#close();
    pending.settle(false);
  }

  #close(): void {
    this.#pending = null;
    this.#update(CLOSED);
  }

  #update(next: ConsentSnapshot): void {
    this.#snapshot = next;
    this.#changes.notify();
  }
}
