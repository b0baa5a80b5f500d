import type { Slot } from './listing-facts.ts';

/**
 * What the visitor's typed message asks, by simple pattern matching (the offline demo has no
 * language model): the topics of the listing it names, a booking, a time.
 */

/** What a typed message asks. */
export type Intent =
  | 'greeting'
  | 'price'
  | 'rooms'
  | 'address'
  | 'features'
  | 'slots'
  | 'book'
  | 'contact'
  | 'person'
  | 'unknown';

/** A time the visitor named: one of the open slots, another time, or none. */
export type TimeMention = Slot | 'other' | null;

// English first; then the widget's other languages' words (docs/behaviour.md#languages). `\b`
// only works around ASCII letters, so the other languages' words sit in patterns without it.
const BOOK =
  /\b(book|booking|reserve|schedule|sign me up|take it|take the|works for me|i'?ll come|let'?s do|reservar?|resérvame|agendar?|marcar|buchen|reservieren|passt mir|réserver|réservez|je prends|ça me va|me viene bien|me va bien|pode ser)\b|预约|预订|احجز|حجز/;
// Asking for a human: "talk to a person", "a real agent", "speak to someone"…
const PERSON =
  /\b((talk|speak|chat) (to|with) (a |an )?(real |actual )?(person|human|agent|someone|somebody)|real person|human being|hablar con (una persona|un agente|alguien)|parler (à|avec) (une personne|un agent|quelqu'un)|mit (einem menschen|einer person|einem makler)|falar com (uma pessoa|um corretor))\b|falar com alguém|真人|人工|مع شخص|موظف/;
const TOPICS: ReadonlyArray<readonly [Intent, RegExp]> = [
  [
    'price',
    /\b(price|prices|cost|costs|how much|asking|listed at|expensive|afford|precio|cuesta|cuánto|prix|combien|coûte|preis|kostet|preço|custa|quanto)\b|\$|价格|多少钱|السعر|سعر|كم يكلف/,
  ],
  [
    'rooms',
    /\b(bed|beds|bedrooms?|baths?|bathrooms?|rooms?|how big|size|habitaci\w*|dormitorios?|baños?|chambres?|pièces?|salles? de bain|zimmer|schlafzimmer|bäder|bad|quartos?|banheiros?)\b|卧室|房间|浴室|غرف|غرفة|حمّام|حمام/,
  ],
  [
    'address',
    /\b(address|where|located|location|street|neighbou?rhood|area|dónde|dirección|adresse|wo|liegt|onde|endereço|fica)\b|où|哪里|地址|在哪|أين|عنوان/,
  ],
  [
    'features',
    /\b(features?|kitchen|yard|backyard|garden|special|amenit\w*|describe|tell me (more )?about|cocina|jardín|especial|cuisine|jardin|atouts?|küche|garten|besondere|cozinha|quintal|destaques?)\b|特色|厨房|院子|مزايا|مطبخ|حديقة/,
  ],
  [
    'slots',
    /\b(view|viewing|visit|see it|see the|tour|showing|open house|when can|slots?|times?|available|availability|visita|verla|verlo|visite|visiter|besichtigung|besichtigen|termin)\b|看房|参观|معاينة|زيارة|موعد/,
  ],
];
const GREETING =
  /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|hola|buenas|bonjour|salut|hallo|guten tag|ola|oi|bom dia|boa tarde)\b|^(olá|你好|您好|مرحبا|مرحبًا|السلام عليكم)/;

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}

/** The viewing time named in `text`: "2 pm", "2:00", "at 2", "two o'clock", "14:00"… */
export function mentionedTime(text: string): TimeMention {
  const t = normalise(text);
  const match =
    t.match(/\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)/) ??
    t.match(/\b(\d{1,2}):(\d{2})\b/) ??
    t.match(/\bat (\d{1,2})\b/) ??
    // "14h", "16 Uhr", "下午2点", "a las 2", "à 14", "às 16", "um 14", "الساعة 2"
    t.match(/(\d{1,2})\s*(?:h|uhr|点)(?![a-z])/) ??
    t.match(/(?:a las|à|às|um|الساعة)\s*(\d{1,2})(?!\d)/) ??
    t.match(/\b(two|four)\s*(p\.?m\.?|o'?clock)/);
  if (!match) {
    return null;
  }
  const hour = match[1] === 'two' ? 2 : match[1] === 'four' ? 4 : Number(match[1]);
  const minutes = match[1] === 'two' || match[1] === 'four' ? '00' : (match[2] ?? '00');
  const suffix = match[1] === 'two' || match[1] === 'four' ? match[2] : match[3];
  const morning = /^a/.test(suffix ?? '');
  if (minutes === '00' && !morning && (hour === 2 || hour === 14)) {
    return '2:00 PM';
  }
  if (minutes === '00' && !morning && (hour === 4 || hour === 16)) {
    return '4:00 PM';
  }
  return 'other';
}

/** Every intent of `text`, in the order they are answered. */
export function matchIntents(text: string): Intent[] {
  const t = normalise(text);
  const time = mentionedTime(t);
  if (time !== null && (BOOK.test(t) || time !== 'other')) {
    return ['book'];
  }
  if (BOOK.test(t)) {
    return ['book'];
  }
  if (PERSON.test(t)) {
    return ['person'];
  }
  const topics = TOPICS.filter(([, pattern]) => pattern.test(t)).map(([intent]) => intent);
  if (topics.length > 0) {
    return topics;
  }
  return GREETING.test(t) ? ['greeting'] : ['unknown'];
}
