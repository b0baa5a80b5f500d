import type { Language } from '../../element/i18n/languages.ts';

/**
 * The speaker label of the offline demo's scripted visitor lines, in every built-in language.
 * The demo cannot hear words, so it shows a sample visitor's; the label says so, where "You"
 * would claim the visitor said them.
 */
export const SAMPLE_VISITOR: Readonly<Record<Language, string>> = {
  en: 'Sample visitor',
  es: 'Visitante de ejemplo',
  fr: 'Visiteur fictif',
  de: 'Beispielbesucher',
  pt: 'Visitante de exemplo',
  zh: '示例访客',
  ar: 'زائر تجريبي',
};
