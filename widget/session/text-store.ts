import type { Language } from '../element/i18n/languages.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import { Listeners } from './listeners.ts';

/** The language on screen and its texts. */
export interface TextsSnapshot {
  language: Language;
  texts: WidgetTexts;
}

/**
 * Holds the texts of the chosen language for the view and the application. A change of language
 * (the `lang` attribute) keeps the current texts on screen until the new ones have loaded, so
 * nothing ever renders half translated.
 */
export class TextStore {
  readonly #load: (language: Language) => Promise<WidgetTexts>;
  readonly #changes = new Listeners();
  #snapshot: TextsSnapshot;
  #wanted: Language;

  constructor(initial: TextsSnapshot, load: (language: Language) => Promise<WidgetTexts>) {
    this.#snapshot = initial;
    this.#wanted = initial.language;
    this.#load = load;
  }

  readonly subscribe = this.#changes.subscribe;

  readonly getSnapshot = (): TextsSnapshot => this.#snapshot;

  /** The texts now on screen. */
  get texts(): WidgetTexts {
    return this.#snapshot.texts;
  }

  get language(): Language {
    return this.#snapshot.language;
  }

  /** Switches to `language` once its texts have loaded (the last request wins). */
  async setLanguage(language: Language): Promise<void> {
    this.#wanted = language;
    if (language === this.#snapshot.language) {
      return;
    }
    const texts = await this.#load(language);
    if (this.#wanted !== language) {
      return;
    }
    this.#snapshot = { language, texts };
    this.#changes.notify();
  }
}
