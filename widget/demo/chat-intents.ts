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
  | 'unknown';

/** A time the visitor named: one of the open slots, another time, or none. */
export type TimeMention = Slot | 'other' | null;

const BOOK =
  /\b(book|booking|reserve|schedule|sign me up|take it|take the|works for me|i'?ll come|let'?s do)\b/;
const TOPICS: ReadonlyArray<readonly [Intent, RegExp]> = [
  ['price', /\b(price|prices|cost|costs|how much|asking|listed at|expensive|afford)\b|\$/],
  ['rooms', /\b(bed|beds|bedrooms?|baths?|bathrooms?|rooms?|how big|size)\b/],
  ['address', /\b(address|where|located|location|street|neighbou?rhood|area)\b/],
  [
    'features',
    /\b(features?|kitchen|yard|backyard|garden|special|amenit\w*|describe|tell me (more )?about)\b/,
  ],
  [
    'slots',
    /\b(view|viewing|visit|see it|see the|tour|showing|open house|when can|slots?|times?|available|availability)\b/,
  ],
];
const GREETING = /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening))\b/;

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
  const topics = TOPICS.filter(([, pattern]) => pattern.test(t)).map(([intent]) => intent);
  if (topics.length > 0) {
    return topics;
  }
  return GREETING.test(t) ? ['greeting'] : ['unknown'];
}
