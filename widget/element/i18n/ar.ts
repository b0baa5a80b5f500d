import { idleLabel, TYPE_INSTEAD, talkTo } from './idle-labels.ts';
import type { WidgetTexts } from './widget-texts.ts';

const again = (idle: string): string => `ثم اضغط «${idle}» مرة أخرى.`;

/** Arabic (العربية), Modern Standard; the widget mirrors its panel for it (right to left). */
export const ar: WidgetTexts = {
  labels: { idle: idleLabel('ar'), connecting: 'جارٍ الاتصال...', active: 'إنهاء' },
  // The demo's voice speaks English only: its badge says so.
  demoBadge: 'تجريبي · صوت إنجليزي',
  loadFailed: 'تعذّر تحميل المساعد. تحقّق من اتصالك بالإنترنت، ثم اضغط الزر مرة أخرى.',
  talkTo: (name) => talkTo('ar', name),
  close: 'إغلاق',
  callEnded: 'انتهت المكالمة.',
  connected: 'تم الاتصال. يمكنك التحدث الآن.',
  mute: 'كتم الميكروفون',
  callControls: 'أدوات التحكم في المكالمة',
  speaking: (name) => `${name} يتحدث…`,
  listening: 'أستمع إليك…',
  visitorSpeaking: 'أنت تتحدث…',
  muted: (name) => `الميكروفون مكتوم، لا يستطيع ${name} سماعك.`,
  callEndedAfter: (time) => `انتهت المكالمة · ${time}`,

  typeInstead: TYPE_INSTEAD.ar,
  talkToPerson: 'التحدث مع شخص',
  typeWhenNoMicrophone: 'يمكنك كتابة سؤالك بدلًا من ذلك.',
  transcript: 'نص المحادثة',
  messageTo: (name) => `رسالة إلى ${name}`,
  messageHint: 'مفتاح Enter للإرسال، وShift+Enter لسطر جديد.',
  send: 'إرسال',
  you: 'أنت',
  sampleVisitor: 'زائر تجريبي',
  assistant: 'المساعد',
  typed: 'مكتوبة',
  typing: 'المساعد يكتب…',
  notSent: 'لم تُرسَل. تحقّق من اتصالك ثم حاول مرة أخرى.',
  retry: 'إعادة المحاولة',

  consentTitle: 'قبل أن نبدأ',
  agree: 'أوافق',
  notNow: 'ليس الآن',
  consentTerms: 'اقرأ الشروط كاملة',

  errors: {
    microphoneSetting: {
      chrome: 'في Chrome، انقر رمز إعدادات الموقع على يسار شريط العنوان واسمح باستخدام الميكروفون',
      edge: 'في Edge، انقر رمز القفل على يسار شريط العنوان وافتح أذونات الموقع واسمح باستخدام الميكروفون',
      firefox: 'في Firefox، انقر رمز الميكروفون المشطوب في شريط العنوان وأزل الحظر',
      safari:
        'في Safari، افتح Safari › إعدادات هذا الموقع (أو الإعدادات › مواقع الويب › الميكروفون) واسمح باستخدام الميكروفون',
      other: 'اسمح لهذا الموقع باستخدام الميكروفون من إعدادات المتصفح',
    },
    microphoneDenied: (setting, idle) => `الوصول إلى الميكروفون محظور. ${setting}، ${again(idle)}`,
    microphoneNotFound: (idle) =>
      `لم يُعثر على ميكروفون. وصّل ميكروفونًا (أو تحقّق من إعدادات الصوت)، ${again(idle)}`,
    microphoneInUse: (idle) =>
      `الميكروفون مشغول أو تعذّر تشغيله. أغلق التطبيقات الأخرى التي تستخدمه، ${again(idle)}`,
    unreachable: (detail) =>
      `تعذّر الوصول إلى المساعد (${detail}). تحقّق من معرّف المساعد والمفتاح العام، أو حاول بعد قليل.`,
    connectFailed: (detail, idle) =>
      `تعذّر إتمام المكالمة (${detail}). تحقّق من اتصالك بالإنترنت، ${again(idle)}`,
    generic: (detail, idle) => `حدث خطأ ما (${detail}). اضغط «${idle}» مرة أخرى.`,
  },
  problems: {
    noTarget: (tag) =>
      `لم يُحدَّد أي مساعد. أضف assistant-id="…" (أو squad-id / workflow-id) إلى <${tag}>.`,
    severalTargets: (found) =>
      `حدّد واحدًا فقط من assistant-id أو squad-id أو workflow-id (الموجود: ${found}).`,
    placeholderKey: (value) =>
      `public-key="${value}" قيمة مؤقتة. الصق مفتاحك العام من لوحة تحكم المنصة (API Keys)، أو احذف public-key لتجربة العرض التجريبي دون اتصال.`,
  },
};
