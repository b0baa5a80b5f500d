import type { Language } from '../i18n/languages.ts';
import type { WidgetTexts } from '../i18n/widget-texts.ts';

/**
 * Fetches the texts of one language. Each language is its own chunk of the ES build, so a
 * visitor downloads only the language they see (docs/behaviour.md#languages); the UMD file
 * carries them all.
 */
export function loadTexts(language: Language): Promise<WidgetTexts> {
  switch (language) {
    case 'es':
      return import('../i18n/es.ts').then((m) => m.es);
    case 'fr':
      return import('../i18n/fr.ts').then((m) => m.fr);
    case 'de':
      return import('../i18n/de.ts').then((m) => m.de);
    case 'pt':
      return import('../i18n/pt.ts').then((m) => m.pt);
    case 'zh':
      return import('../i18n/zh.ts').then((m) => m.zh);
    case 'ar':
      return import('../i18n/ar.ts').then((m) => m.ar);
    default:
      return import('../i18n/en.ts').then((m) => m.en);
  }
}
