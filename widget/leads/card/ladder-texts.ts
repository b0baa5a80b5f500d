import type { Language } from '../../element/i18n/languages.ts';

/*
 * "Talk to a person"'s words in every built-in language (docs/behaviour.md#talk-to-a-person), in
 * the contact card's chunk with the dialog; the form's Name, Phone and number check are the
 * card's (`card-texts.ts`). The consent box's sentence is not here: it is the evidence kept with
 * the request, written as the brokerage words it (English for now), as on the card.
 */

export interface LadderTexts {
  /** The dialog's title, the same words as the panel's button. */
  readonly title: string;
  readonly close: string;
  /** Inside office hours, above the form. */
  readonly canCallNow: string;
  /** Outside office hours with an opening known; `when` is the opening, written out. */
  readonly opensAt: (when: string) => string;
  /** Outside office hours with no opening known. */
  readonly closedLeaveNumber: string;
  /** Without `lead-endpoint`: above the office's number. */
  readonly callOffice: string;
  /** Under the form: the office's number as another way. */
  readonly orCallOffice: string;
  /** The legend of the openings to pick from. */
  readonly whenToCall: string;
  readonly callMeNow: string;
  readonly callMeBack: string;
  /** The confirmation inside office hours; `caller` is the agent's first name or `anAgent`. */
  readonly willCallSoon: (caller: string) => string;
  readonly anAgent: string;
  /** The confirmation outside office hours; `when` is the opening picked, written out. */
  readonly willCallAt: (when: string) => string;
  /** The confirmation outside office hours when no opening was picked. */
  readonly willCallWhenOpen: string;
}

export const LADDER_TEXTS: Readonly<Record<Language, LadderTexts>> = {
  en: {
    title: 'Talk to a person',
    close: 'Close',
    canCallNow: 'An agent can call you in the next few minutes.',
    opensAt: (when) => `The office is closed. It opens ${when}.`,
    closedLeaveNumber: 'The office is closed. Leave your number and we will call you back.',
    callOffice: 'Call the office:',
    orCallOffice: 'Or call the office:',
    whenToCall: 'When should we call?',
    callMeNow: 'Call me now',
    callMeBack: 'Call me back',
    willCallSoon: (caller) => `${caller} will call you in the next few minutes.`,
    anAgent: 'An agent',
    willCallAt: (when) => `We will call you ${when}.`,
    willCallWhenOpen: 'We will call you when the office opens.',
  },
  es: {
    title: 'Hablar con una persona',
    close: 'Cerrar',
    canCallNow: 'Un agente puede llamarte en los próximos minutos.',
    opensAt: (when) => `La oficina está cerrada. Abre el ${when}.`,
    closedLeaveNumber: 'La oficina está cerrada. Déjanos tu número y te devolveremos la llamada.',
    callOffice: 'Llama a la oficina:',
    orCallOffice: 'O llama a la oficina:',
    whenToCall: '¿Cuándo te llamamos?',
    callMeNow: 'Llámame ahora',
    callMeBack: 'Llámame más tarde',
    willCallSoon: (caller) => `${caller} te llamará en los próximos minutos.`,
    anAgent: 'Un agente',
    willCallAt: (when) => `Te llamaremos el ${when}.`,
    willCallWhenOpen: 'Te llamaremos cuando abra la oficina.',
  },
  fr: {
    title: 'Parler à une personne',
    close: 'Fermer',
    canCallNow: 'Un agent peut vous appeler dans les prochaines minutes.',
    opensAt: (when) => `L’agence est fermée. Elle ouvre ${when}.`,
    closedLeaveNumber: 'L’agence est fermée. Laissez votre numéro et nous vous rappellerons.',
    callOffice: 'Appelez l’agence :',
    orCallOffice: 'Ou appelez l’agence :',
    whenToCall: 'Quand devons-nous vous appeler ?',
    callMeNow: 'Appelez-moi maintenant',
    callMeBack: 'Rappelez-moi',
    willCallSoon: (caller) => `${caller} vous appellera dans les prochaines minutes.`,
    anAgent: 'Un agent',
    willCallAt: (when) => `Nous vous appellerons ${when}.`,
    willCallWhenOpen: 'Nous vous appellerons à l’ouverture de l’agence.',
  },
  de: {
    title: 'Mit einem Menschen sprechen',
    close: 'Schließen',
    canCallNow: 'Ein Makler kann Sie in den nächsten Minuten anrufen.',
    opensAt: (when) => `Das Büro ist geschlossen. Es öffnet am ${when}.`,
    closedLeaveNumber:
      'Das Büro ist geschlossen. Hinterlassen Sie Ihre Nummer, wir rufen Sie zurück.',
    callOffice: 'Rufen Sie das Büro an:',
    orCallOffice: 'Oder rufen Sie das Büro an:',
    whenToCall: 'Wann sollen wir anrufen?',
    callMeNow: 'Jetzt anrufen',
    callMeBack: 'Rückruf vereinbaren',
    willCallSoon: (caller) => `${caller} ruft Sie in den nächsten Minuten an.`,
    anAgent: 'Ein Makler',
    willCallAt: (when) => `Wir rufen Sie am ${when} an.`,
    willCallWhenOpen: 'Wir rufen Sie an, sobald das Büro öffnet.',
  },
  pt: {
    title: 'Falar com uma pessoa',
    close: 'Fechar',
    canCallNow: 'Um corretor pode ligar para você nos próximos minutos.',
    opensAt: (when) => `O escritório está fechado. Abre ${when}.`,
    closedLeaveNumber: 'O escritório está fechado. Deixe seu número e retornaremos a ligação.',
    callOffice: 'Ligue para o escritório:',
    orCallOffice: 'Ou ligue para o escritório:',
    whenToCall: 'Quando devemos ligar?',
    callMeNow: 'Ligue-me agora',
    callMeBack: 'Ligue-me mais tarde',
    willCallSoon: (caller) => `${caller} vai ligar para você nos próximos minutos.`,
    anAgent: 'Um corretor',
    willCallAt: (when) => `Vamos ligar para você ${when}.`,
    willCallWhenOpen: 'Vamos ligar para você quando o escritório abrir.',
  },
  zh: {
    title: '与真人通话',
    close: '关闭',
    canCallNow: '经纪人可在几分钟内给您回电。',
    opensAt: (when) => `办公室已下班，将于${when}开门。`,
    closedLeaveNumber: '办公室已下班。请留下您的电话号码，我们会给您回电。',
    callOffice: '致电办公室：',
    orCallOffice: '或致电办公室：',
    whenToCall: '我们什么时候给您打电话？',
    callMeNow: '现在给我打电话',
    callMeBack: '稍后给我回电',
    willCallSoon: (caller) => `${caller}将在几分钟内给您打电话。`,
    anAgent: '经纪人',
    willCallAt: (when) => `我们将于${when}给您打电话。`,
    willCallWhenOpen: '办公室开门后我们会给您打电话。',
  },
  ar: {
    title: 'التحدث مع شخص',
    close: 'إغلاق',
    canCallNow: 'يمكن لأحد الوكلاء الاتصال بك خلال الدقائق القليلة القادمة.',
    opensAt: (when) => `المكتب مغلق. يفتح ${when}.`,
    closedLeaveNumber: 'المكتب مغلق. اترك رقمك وسنعاود الاتصال بك.',
    callOffice: 'اتصل بالمكتب:',
    orCallOffice: 'أو اتصل بالمكتب:',
    whenToCall: 'متى نتصل بك؟',
    callMeNow: 'اتصل بي الآن',
    callMeBack: 'اتصل بي لاحقًا',
    willCallSoon: (caller) => `سيتصل بك ${caller} خلال الدقائق القليلة القادمة.`,
    anAgent: 'أحد الوكلاء',
    willCallAt: (when) => `سنتصل بك ${when}.`,
    willCallWhenOpen: 'سنتصل بك عندما يفتح المكتب.',
  },
};
