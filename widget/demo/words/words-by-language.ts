import type { Language } from '../../element/i18n/languages.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import type { DemoWords } from './demo-words.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import { zh } from './zh.ts';

/** Every language's demo words, apart from their shape (`demo-words.ts`) that each language fills. */
const WORDS: Readonly<Record<Language, DemoWords>> = { en, es, fr, de, pt, zh, ar };

/** The demo's words in `language` (English when none is given). */
export function wordsFor(language: Language | undefined): DemoWords {
  return WORDS[language ?? 'en'];
}
