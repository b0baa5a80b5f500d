import type { DemoWords } from './demo-words.ts';

/** Arabic (العربية), Modern Standard. */
export const ar: DemoWords = {
  listingAgent: 'وكيل العقار',
  slot: { '2:00 PM': '2:00 مساءً', '4:00 PM': '4:00 مساءً' },
  day: 'السبت',
  greeting: (name, brokerage, address) =>
    name === null
      ? `مرحبًا، أنا نورا، المساعدة الافتراضية في ${brokerage}. اسألني عن ${address}: السعر أو الغرف أو موعد معاينة.`
      : `مرحبًا، أنا ${name}، مساعد افتراضي. اسألني عن ${address} أو احجز موعد معاينة.`,
  listed: (address, price) => `سعر ${address} المعروض هو ${price}.`,
  rooms: (bedrooms, baths) => `فيه ${bedrooms} غرف نوم و${baths} حمّامان.`,
  at: (address) => `يقع المنزل في ${address}.`,
  features: 'فيه مطبخ مُجدَّد وحديقة خلفية مُسيَّجة.',
  unknown: (what, address, agent) =>
    `لا يعرف هذا العرض التجريبي دون اتصال ${{ price: 'سعر', rooms: 'غرف', features: 'مزايا' }[what]} ${address}. سيخبرك ${agent} عند تأكيد موعد المعاينة.`,
  offer: (first, second) =>
    `يمكنني حجز موعد معاينة لك يوم السبت. لديّ ${first} و${second}. أيهما يناسبك؟`,
  which: (first, second, notOpen) =>
    `${notOpen ? 'هذا الموعد غير متاح. ' : ''}لديّ يوم السبت ${first} و${second}. أيهما تفضّل؟`,
  already: (time) => `لديك بالفعل موعد يوم السبت الساعة ${time}.`,
  booked: (time, agent) =>
    `تم حجز موعدك يوم السبت الساعة ${time} مع ${agent === null ? 'وكيل العقار' : `${agent}، وكيل العقار`}. هذا عرض تجريبي، فلم يُحجز موعد حقيقي.`,
  fallback: (address, suggestion) =>
    `أنا عرض تجريبي دون اتصال، لذا لا أجيب إلا عن بعض الأسئلة حول ${address}. جرّب أن تسأل: «${suggestion}»`,
  suggestions: {
    price: 'كم السعر؟',
    rooms: 'كم غرفة نوم فيه؟',
    slots: 'هل يمكنني حجز معاينة؟',
    features: 'ما أبرز مزاياه؟',
    address: 'أين يقع؟',
  },
  askAll: (agent) => `ما الاسم ورقم الهاتف أو البريد الإلكتروني الذي يستخدمه ${agent} للتأكيد؟`,
  askName: (agent) => `وما اسمك، ليعرف ${agent} من ينتظر؟`,
  askReach: (name, agent) =>
    `شكرًا يا ${name}. ما رقم الهاتف أو البريد الإلكتروني الذي يستخدمه ${agent} للتأكيد؟`,
  passed: (name, agent) => `شكرًا يا ${name}. أرسلتُ بياناتك إلى ${agent}، وسيتواصل معك للتأكيد.`,
  followUp: (name) => `شكرًا يا ${name}. حفظتُ بياناتك للمتابعة: سيتواصل معك الفريق لتأكيد الموعد.`,
  couldNot: 'تعذّر إرسال بياناتك.',
  person:
    'يمكنك التحدث مع شخص: اضغط على «التحدث مع شخص» في الأسفل واترك رقمك، وسيتصل بك أحد الوكلاء.',
  thanks: 'شكرًا.',
};
