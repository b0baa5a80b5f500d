import type { Language } from './languages.ts';

/**
 * "Talk to <name>" in every built-in language, `%` standing for the name: the idle label with
 * `assistant-name`, and the floating panel's title. With the other tables here, the only
 * translated text in the loader, so the first paint is already in the visitor's language; the
 * rest of each language loads with the UI (docs/behaviour.md#languages). Templates rather than
 * functions, and the default label built from one, keep the loader's bytes down.
 */
const TALK_TO_TEMPLATES: Readonly<Record<Language, string>> = {
  en: 'Talk to %',
  es: 'Hablar con %',
  fr: 'Parler à %',
  de: 'Mit % sprechen',
  pt: 'Falar com %',
  zh: '与%通话',
  ar: 'تحدّث مع %',
};

/** The assistant as the idle label names it without `assistant-name` ("Talk to Assistant"). */
export const ASSISTANT: Readonly<Record<Language, string>> = {
  en: 'Assistant',
  es: 'el asistente',
  fr: 'l’assistant',
  de: 'dem Assistenten',
  pt: 'o assistente',
  zh: '助手',
  ar: 'المساعد',
};

/** "Talk to <name>" in `language`. */
export function talkTo(language: Language, name: string): string {
  return TALK_TO_TEMPLATES[language].replace('%', name);
}

/** The talk button's idle label in `language`: "Talk to Assistant", "Hablar con el asistente"… */
export function idleLabel(language: Language): string {
  return talkTo(language, ASSISTANT[language]);
}

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

/**
 * The demo badge as the loader draws it in its first paint. Outside English it is short: the
 * demo's voice speaks English only, and "EN" says so in the bytes the loader can spare; the UI's
 * texts carry the whole sentence ("Demo · voz en inglés") and take over at intent (issue 29 §5).
 */
export const DEMO_BADGE: Readonly<Record<Language, string>> = {
  en: 'Demo assistant (offline)',
  es: 'Demo · EN',
  fr: 'Démo · EN',
  de: 'Demo · EN',
  pt: 'Demo · EN',
  zh: '演示 · EN',
  ar: 'تجريبي · EN',
};
