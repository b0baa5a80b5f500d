import { describe, expect, it } from 'vitest';
import {
  demoChatStart,
  demoReply,
  demoToolCallsReply,
  spokenDemoReply,
} from '../../widget/demo/chat-replies.ts';
import type { DemoHost } from '../../widget/demo/host-names.ts';
import { wordsFor } from '../../widget/demo/words/words-by-language.ts';
import { LANGUAGES } from '../../widget/element/i18n/languages.ts';
import { followUpResult } from '../../widget/leads/rules/tool-results.ts';
import { parseToolCalls } from '../../widget/leads/tool-calls.ts';

// docs/behaviour.md#chat: the offline demo answers typed questions in the widget's language.

/** What a visitor types, in each language: a greeting, the price, a booking with their details. */
const VISITOR = {
  en: ['Hello', 'How much is it?', 'Book 2 PM, I’m Sam Rivera, 604 555 0134'],
  es: ['Hola', '¿Cuánto cuesta?', 'Quiero reservar a las 14:00. Me llamo Sam Rivera, 604 555 0134'],
  fr: [
    'Bonjour',
    'Quel est le prix ?',
    'Je voudrais réserver à 14h. Je m’appelle Sam Rivera, 604 555 0134',
  ],
  de: [
    'Hallo',
    'Was kostet es?',
    'Ich möchte um 14 Uhr buchen. Ich heiße Sam Rivera, 604 555 0134',
  ],
  pt: ['Olá', 'Qual é o preço?', 'Quero agendar às 14h. Meu nome é Sam Rivera, 604 555 0134'],
  zh: ['你好', '价格是多少？', '我想预约下午2点。我叫王伟，电话 604 555 0134'],
  ar: ['مرحبا', 'كم السعر؟', 'أريد أن أحجز الساعة 2 مساءً. اسمي سام ريفيرا، 604 555 0134'],
} as const;

describe('the demo’s typed answers in the widget’s language', () => {
  it.each(LANGUAGES)('%s: greets, prices and books in that language', (language) => {
    const words = wordsFor(language);
    const start = demoChatStart({ language });
    const [hello, price, book] = VISITOR[language];
    expect(demoReply(hello, start).reply).toBe(
      words.greeting(null, 'Maple Ridge Realty', '14 Linden Court'),
    );
    expect(demoReply(price, start).reply).toBe(words.listed('14 Linden Court', '$450,000'));
    const booked = demoReply(book, start);
    expect(booked.reply).toBe(words.booked(words.slot['2:00 PM'], 'Daniel'));
    // The page's lead tools get the same English arguments in every language.
    expect(parseToolCalls(booked.toolCalls)?.[0]?.arguments).toMatchObject({
      preferred_times: ['Saturday 2:00 PM'],
      phone: '604 555 0134',
    });
    const name = String(parseToolCalls(booked.toolCalls)?.[0]?.arguments?.name);
    expect(demoToolCallsReply(['Saved.', 'Saved.'], booked.state).reply).toBe(
      words.passed(name, 'Daniel'),
    );
  });

  it('answers typed questions in Spanish', () => {
    const es = demoChatStart({ language: 'es' });
    expect(demoReply('¿Cuántos dormitorios tiene?', es).reply).toBe(
      'Tiene 3 dormitorios y 2 baños.',
    );
    expect(demoReply('¿Puedo ver la casa? ¿Hay visita?', es).reply).toBe(
      'Puedo reservarte una visita este sábado. Tengo libres las 14:00 y las 16:00. ¿Cuál te viene mejor?',
    );
    expect(demoReply('¿Hay un colegio cerca?', es).reply).toMatch(/^Soy una demo sin conexión/);
    const booked = demoReply('Reservar a las 16:00', es);
    expect(booked.reply).toContain(
      '¿Qué nombre y qué teléfono o correo electrónico debe usar Daniel',
    );
    const named = demoReply('Me llamo Ana Ruiz, ana@example.org', booked.state);
    expect(demoToolCallsReply([followUpResult({ kind: 'lead' } as never)], named.state).reply).toBe(
      'Gracias, Ana Ruiz. He guardado tus datos para hacer el seguimiento: el equipo se pondrá en contacto contigo para confirmar la hora.',
    );
  });

  it('names another home’s unnamed agent in the page’s language, never Daniel', () => {
    const host: DemoHost = { language: 'es', address: '22 Oak Street' };
    const reply = demoReply('Reservar a las 14:00', demoChatStart(host)).reply;
    expect(reply).toContain('con el agente del inmueble.');
    expect(reply).toContain('debe usar el agente del inmueble');
    expect(reply).not.toMatch(/Daniel|Linden/);
  });

  it('in a Spanish call, a typed question gets the Spanish answer, not the English recording', () => {
    const spoken = spokenDemoReply('¿Cuánto cuesta?', demoChatStart({ language: 'es' }));
    expect(spoken.reply).toBe('14 Linden Court tiene un precio de $450,000.');
  });
});
