import { describe, expect, it } from 'vitest';
import { matchIntents, mentionedTime } from '../../widget/demo/chat-intents.ts';
import {
  DEMO_CHAT_START,
  demoChatStart,
  demoReply,
  spokenDemoReply,
} from '../../widget/demo/chat-replies.ts';
import { CLIPS } from '../../widget/demo/script.ts';
import { wordsFor } from '../../widget/demo/words/words-by-language.ts';
import { loadTexts } from '../../widget/element/after-intent/load-texts.ts';
import { LANGUAGES } from '../../widget/element/i18n/languages.ts';

describe('demo typed answers: intent matching', () => {
  it.each([
    ['How much is it?', ['price']],
    ['What is the asking price', ['price']],
    ['How many bedrooms and baths?', ['rooms']],
    ['Where is the house located?', ['address']],
    ['Tell me about the kitchen', ['features']],
    ['Can I see it this weekend?', ['slots']],
    ['Hello!', ['greeting']],
    ['Book 2 PM please', ['book']],
    ['I would like to book a viewing', ['book']],
    ['4pm works', ['book']],
    ['Do you like pizza?', ['unknown']],
    ['What is the price and how many bedrooms?', ['price', 'rooms']],
    ['Can I talk to a real person?', ['person']],
    ['I want to speak with an agent', ['person']],
    ['¿Puedo hablar con una persona?', ['person']],
    ['Posso falar com alguém?', ['person']],
    ['Can someone show me the kitchen?', ['features']],
  ])('%s → %j', (text, intents) => {
    expect(matchIntents(text)).toEqual(intents);
  });

  it('reads viewing times, and only times', () => {
    expect(mentionedTime('2 PM')).toBe('2:00 PM');
    expect(mentionedTime('at 2')).toBe('2:00 PM');
    expect(mentionedTime('14:00')).toBe('2:00 PM');
    expect(mentionedTime('four o’clock')).toBe('4:00 PM');
    expect(mentionedTime('3pm')).toBe('other');
    expect(mentionedTime('2 am')).toBe('other');
    expect(mentionedTime('It has two baths')).toBeNull();
    expect(mentionedTime('3 bedrooms')).toBeNull();
  });
});

describe('demo typed answers: replies', () => {
  it('points a visitor who asks for a person to Talk to a person (issue 29 §2)', async () => {
    expect(demoReply('Can I talk to a person?', DEMO_CHAT_START).reply).toBe(
      'You can talk to a person: press “Talk to a person” below and leave your number, and an agent will call you.',
    );
    // Each language names the button as the panel labels it.
    for (const language of LANGUAGES) {
      const texts = await loadTexts(language);
      expect(wordsFor(language).person).toContain(texts.talkToPerson);
    }
  });

  it('answers from the listing facts', () => {
    expect(demoReply('How much?', DEMO_CHAT_START).reply).toContain('$450,000');
    expect(demoReply('Bedrooms?', DEMO_CHAT_START).reply).toBe('It has 3 bedrooms and 2 baths.');
    expect(demoReply('Address please', DEMO_CHAT_START).reply).toContain('14 Linden Court');
    expect(demoReply('Any features?', DEMO_CHAT_START).reply).toBe(
      'It has a renovated kitchen and a fenced backyard.',
    );
    expect(demoReply('When can I visit?', DEMO_CHAT_START).reply).toContain('2:00 PM and 4:00 PM');
  });

  it('books an open slot, remembers it, and refuses a time that is not open', () => {
    const first = demoReply('Book 2 PM', DEMO_CHAT_START);
    expect(first.reply).toContain('booked for Saturday at 2:00 PM');
    expect(first.state.booked).toBe('2:00 PM');
    expect(demoReply('book 2pm', first.state).reply).toBe(
      'You’re already booked for Saturday at 2:00 PM.',
    );
    const other = demoReply('Can I book 3 PM?', DEMO_CHAT_START);
    expect(other.reply).toContain('That time isn’t open.');
    expect(other.state.booked).toBeNull();
    expect(demoReply('Book a viewing', DEMO_CHAT_START).reply).toContain('Which would you like?');
  });

  it('is honest about anything else, with one suggestion it has not answered yet', () => {
    const afterPrice = demoReply('price?', DEMO_CHAT_START).state;
    const reply = demoReply('Is the school district good?', afterPrice).reply;
    expect(reply).toContain('offline demo');
    expect(reply).not.toContain('price');
    expect(reply.match(/“[^”]+”/g)).toHaveLength(1);
  });

  it('in a call, answers with a recorded line when one says it', () => {
    expect(spokenDemoReply('How much?', DEMO_CHAT_START).reply).toBe(CLIPS.listing.text);
    expect(spokenDemoReply('Can I visit?', DEMO_CHAT_START).reply).toBe(CLIPS.slots.text);
    expect(spokenDemoReply('Book 4 PM', DEMO_CHAT_START).reply).toContain('4:00 PM');
  });
});

describe('the demo chat on a host page with its own names and listing (issue 21)', () => {
  const oak = demoChatStart({ assistantName: 'Iris', address: '22 Oak Street', agent: 'Ana' });

  it('greets with the element’s assistant-name and the page’s listing', () => {
    const { reply } = demoReply('Hello', oak);
    expect(reply).toContain('I’m Iris');
    expect(reply).toContain('22 Oak Street');
    expect(reply).not.toMatch(/Nora|Linden|Maple Ridge/);
  });

  it('never gives the sample home’s facts for the page’s home', () => {
    for (const question of ['How much is it?', 'How many bedrooms?', 'Does it have a yard?']) {
      const { reply } = demoReply(question, oak);
      expect(reply).toContain('doesn’t know');
      expect(reply).toContain('22 Oak Street');
      expect(reply).not.toMatch(/\$450,000|3 bedrooms|backyard/);
    }
    expect(demoReply('Where is it?', oak).reply).toBe('The house is at 22 Oak Street.');
    expect(
      demoReply('How much?', demoChatStart({ address: '22 Oak Street', price: '$610,000' })).reply,
    ).toBe('22 Oak Street is listed at $610,000.');
  });

  it('books with the page’s agent', () => {
    expect(demoReply('Book 2 PM please', oak).reply).toContain('with Ana, the listing agent');
  });
});
