import type { Language } from '../../element/i18n/languages.ts';

/** What the widget says when a call could not follow the visitor, in each language. */
export interface ResumeTexts {
  /** The status line. */
  ended: string;
  /** The idle button's label until the next call. */
  talkAgain: string;
}

// Here rather than in the language chunks: only pages that left a call load these words, so
// the after-click budget carries none of them.
export const RESUME_TEXTS: Record<Language, ResumeTexts> = {
  en: { ended: 'Your call ended when you left the page', talkAgain: 'Talk again' },
  es: {
    ended: 'Tu llamada terminó al salir de la página',
    talkAgain: 'Hablar de nuevo',
  },
  fr: {
    ended: 'Votre appel s’est terminé quand vous avez quitté la page',
    talkAgain: 'Parler à nouveau',
  },
  de: {
    ended: 'Ihr Gespräch endete, als Sie die Seite verlassen haben',
    talkAgain: 'Erneut sprechen',
  },
  pt: {
    ended: 'A sua chamada terminou quando saiu da página',
    talkAgain: 'Falar de novo',
  },
  zh: { ended: '您离开页面时通话已结束', talkAgain: '再次通话' },
  ar: { ended: 'انتهت مكالمتك عندما غادرت الصفحة', talkAgain: 'تحدث مرة أخرى' },
};
