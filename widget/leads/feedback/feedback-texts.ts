import type { Language } from '../../element/i18n/languages.ts';

/** "How was this conversation?" in every built-in language (docs/behaviour.md#leads), in its chunk. */
export interface FeedbackTexts {
  /** The form's accessible name. */
  readonly label: string;
  readonly question: string;
  readonly comment: string;
  readonly send: string;
  readonly skip: string;
}

export const FEEDBACK_TEXTS: Readonly<Record<Language, FeedbackTexts>> = {
  en: {
    label: 'Feedback',
    question: 'How was this conversation?',
    comment: 'Comment (optional)',
    send: 'Send feedback',
    skip: 'Skip',
  },
  es: {
    label: 'Opinión',
    question: '¿Qué tal fue esta conversación?',
    comment: 'Comentario (opcional)',
    send: 'Enviar opinión',
    skip: 'Omitir',
  },
  fr: {
    label: 'Avis',
    question: 'Comment s’est passée cette conversation ?',
    comment: 'Commentaire (facultatif)',
    send: 'Envoyer mon avis',
    skip: 'Passer',
  },
  de: {
    label: 'Feedback',
    question: 'Wie war dieses Gespräch?',
    comment: 'Kommentar (optional)',
    send: 'Feedback senden',
    skip: 'Überspringen',
  },
  pt: {
    label: 'Avaliação',
    question: 'Como foi esta conversa?',
    comment: 'Comentário (opcional)',
    send: 'Enviar avaliação',
    skip: 'Pular',
  },
  zh: {
    label: '反馈',
    question: '这次对话怎么样？',
    comment: '评论（可选）',
    send: '发送反馈',
    skip: '跳过',
  },
  ar: {
    label: 'ملاحظات',
    question: 'كيف كانت هذه المحادثة؟',
    comment: 'تعليق (اختياري)',
    send: 'إرسال الملاحظات',
    skip: 'تخطٍّ',
  },
};
