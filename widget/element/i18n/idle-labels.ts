import type { Language } from './languages.ts';

/**
 * The talk button's idle label in every built-in language. The only translated text in the
 * loader, so the first paint is already in the visitor's language; the rest of each language
 * loads with the UI (docs/behaviour.md#languages).
 */
export const IDLE_LABELS: Readonly<Record<Language, string>> = {
  en: 'Talk to Assistant',
  es: 'Hablar con el asistente',
  fr: 'Parler à l’assistant',
  de: 'Mit dem Assistenten sprechen',
  pt: 'Falar com o assistente',
  zh: '与助手通话',
  ar: 'تحدّث مع المساعد',
};
