import type { Language } from '../../element/i18n/languages.ts';

/*
 * The contact card's words in every built-in language (docs/behaviour.md#leads), in its chunk.
 * The box's sentence is not among them: it is the evidence kept with the capture, written as the
 * brokerage words it (English for now), and is marked as English on a page in another language.
 */

export interface ContactCardTexts {
  readonly title: string;
  readonly intro: string;
  readonly name: string;
  readonly phone: string;
  readonly send: string;
  /** Send refused: the number cannot be dialled. */
  readonly badPhone: string;
}

export const CONTACT_CARD_TEXTS: Readonly<Record<Language, ContactCardTexts>> = {
  en: {
    title: 'Check your details',
    intro: 'Correct anything we misheard before it goes to the team.',
    name: 'Name',
    phone: 'Phone',
    send: 'Send',
    badPhone: 'Enter a phone number that can be dialled.',
  },
  es: {
    title: 'Revisa tus datos',
    intro: 'Corrige lo que hayamos entendido mal antes de que llegue al equipo.',
    name: 'Nombre',
    phone: 'Teléfono',
    send: 'Enviar',
    badPhone: 'Escribe un número de teléfono al que se pueda llamar.',
  },
  fr: {
    title: 'Vérifiez vos coordonnées',
    intro: 'Corrigez ce que nous aurions mal compris avant l’envoi à l’équipe.',
    name: 'Nom',
    phone: 'Téléphone',
    send: 'Envoyer',
    badPhone: 'Saisissez un numéro de téléphone que l’on peut appeler.',
  },
  de: {
    title: 'Prüfen Sie Ihre Angaben',
    intro: 'Korrigieren Sie, was wir falsch verstanden haben, bevor es an das Team geht.',
    name: 'Name',
    phone: 'Telefon',
    send: 'Senden',
    badPhone: 'Geben Sie eine Telefonnummer ein, die angerufen werden kann.',
  },
  pt: {
    title: 'Confira seus dados',
    intro: 'Corrija o que entendemos errado antes de enviar à equipe.',
    name: 'Nome',
    phone: 'Telefone',
    send: 'Enviar',
    badPhone: 'Digite um número de telefone para o qual se possa ligar.',
  },
  zh: {
    title: '核对您的信息',
    intro: '发送给团队之前，请更正我们听错的内容。',
    name: '姓名',
    phone: '电话',
    send: '发送',
    badPhone: '请输入可以拨打的电话号码。',
  },
  ar: {
    title: 'تحقّق من بياناتك',
    intro: 'صحّح ما أسأنا فهمه قبل إرساله إلى الفريق.',
    name: 'الاسم',
    phone: 'الهاتف',
    send: 'إرسال',
    badPhone: 'أدخل رقم هاتف يمكن الاتصال به.',
  },
};
