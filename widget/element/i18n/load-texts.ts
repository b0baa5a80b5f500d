import type { Language } from './languages.ts';
import type { WidgetTexts } from './widget-texts.ts';

/**
 * Fetches the texts of one language. Each language is its own chunk of the ES build, so a
 * visitor downloads only the language they see (docs/behaviour.md#languages); the UMD file
 * carries them all.
 */
export function loadTexts(language: Language): Promise<WidgetTexts> {
  switch (language) {
    case 'es':
      return import('./es.ts').then((m) => m.es);
    case 'fr':
      return import('./fr.ts').then((m) => m.fr);
    case 'de':
      return import('./de.ts').then((m) => m.de);
    case 'pt':
      return import('./pt.ts').then((m) => m.pt);
    case 'zh':
      return import('./zh.ts').then((m) => m.zh);
    case 'ar':
      return import('./ar.ts').then((m) => m.ar);
    default:
      return import('./en.ts').then((m) => m.en);
  }
}
