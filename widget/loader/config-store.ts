import {
  type AttributeSettings,
  type AttributeValues,
  buttonLabels,
  DEFAULT_LABELS,
  type Labels,
  parseSettings,
  readAttributes,
  type WidgetConfig,
} from '../element/attributes.ts';
import type { TalkTo, WidgetConfigStore } from '../element/bridge.ts';
import { idleLabel, talkTo as talkToIn } from '../element/i18n/idle-labels.ts';
import { elementLanguage } from '../element/i18n/languages.ts';
import { warnAttributes } from './attribute-warnings.ts';

/**
 * The element's attributes, parsed once per change (docs/architecture.md#state-owners). The
 * loader owns it: `attributeChangedCallback` marks it stale, the next read parses, and every
 * subscriber (the UI's view and application) hears of the change. The labels stay out of the
 * parsed attributes: they follow the texts too, and new texts only word them again. Until the UI
 * brings the full texts of the element's language, they default to the idle labels the loader
 * ships.
 */
export class ConfigStore implements WidgetConfigStore {
  readonly #host: HTMLElement;
  readonly #listeners = new Set<() => void>();
  #texts: { labels: Labels; talkTo: TalkTo } | null = null;
  /** The attributes as read at the last change, and parsed; null once a change is pending. */
  #values: AttributeValues | null = null;
  #settings: AttributeSettings | null = null;
  #config: WidgetConfig | null = null;
  /** `attribute=value` pairs already warned about: each bad value is warned about once. */
  readonly #warned = new Set<string>();

  constructor(host: HTMLElement) {
    this.#host = host;
  }

  readonly get = (): WidgetConfig => {
    this.#config ??= this.#withLabels();
    return this.#config;
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  setTexts(labels: Labels, talkTo: TalkTo): void {
    this.#texts = { labels, talkTo };
    this.#notify();
  }

  /** An attribute changed: parse again at the next read, and tell the readers. */
  changed(): void {
    this.#values = null;
    this.#notify();
  }

  #notify(): void {
    this.#config = null;
    for (const listener of this.#listeners) {
      listener();
    }
  }

  /** Warns once in the console about each attribute value the widget ignores. */
  warn(): void {
    warnAttributes(this.#host.localName, this.get(), this.#warned);
  }

  #withLabels(): WidgetConfig {
    const host = this.#host;
    let values = this.#values;
    let settings = this.#settings;
    if (!values || !settings) {
      values = this.#values = readAttributes(host);
      settings = this.#settings = parseSettings(values, host.localName);
    }
    const language = elementLanguage(host);
    const idle = idleLabel(language);
    // Only the idle labels of other languages ship in the loader (docs/behaviour.md#languages):
    // until the UI brings the rest, a click shows the idle label dimmed and busy.
    const labels =
      this.#texts?.labels ??
      (language === 'en' ? DEFAULT_LABELS : { idle, connecting: idle, active: idle });
    const talkTo = this.#texts?.talkTo ?? ((name: string) => talkToIn(language, name));
    return { ...settings, labels: buttonLabels(values, settings.assistantName, labels, talkTo) };
  }
}
