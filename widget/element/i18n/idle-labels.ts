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

/**
 * The idle label when `assistant-name` is set, per language (also the floating panel's title).
 * Carried by the loader for the same reason as `IDLE_LABELS`.
 */
export const TALK_TO: Readonly<Record<Language, (name: string) => string>> = {
  en: (name) => `Talk to ${name}`,
  es: (name) => `Hablar con ${name}`,
  fr: (name) => `Parler à ${name}`,
  de: (name) => `Mit ${name} sprechen`,
  pt: (name) => `Falar com ${name}`,
  zh: (name) => `与${name}通话`,
  ar: (name) => `تحدّث مع ${name}`,
};

/**
 * `Type instead` in every language: the loader draws it next to Talk in its first paint, so it is
 * there before intent and nothing moves when the UI takes over.
 */
export const TYPE_INSTEAD: Readonly<Record<Language, string>> = {
  en: 'Type instead',
  es: 'Prefiero escribir',
  fr: 'Écrire plutôt',
  de: 'Lieber schreiben',
  pt: 'Prefiro escrever',
  zh: '改为打字',
  ar: 'الكتابة بدلًا من ذلك',
};
