import type { DemoWords } from './demo-words.ts';

/** English: the demo's own words (see demo-words.ts). */
export const en: DemoWords = {
  listingAgent: 'the listing agent',
  slot: { '2:00 PM': '2:00 PM', '4:00 PM': '4:00 PM' },
  day: 'Saturday',
  greeting: (name, brokerage, address) =>
    name === null
      ? `Hi, I’m Nora, the virtual assistant at ${brokerage}. Ask me about ${address}: the price, the rooms, or a viewing.`
      : `Hi, I’m ${name}, a virtual assistant. Ask me about ${address}, or book a viewing.`,
  listed: (address, price) => `${address} is listed at ${price}.`,
  rooms: (bedrooms, baths) => `It has ${bedrooms} bedrooms and ${baths} baths.`,
  at: (address) => `The house is at ${address}.`,
  features: 'It has a renovated kitchen and a fenced backyard.',
  unknown: (what, address, agent) =>
    `This offline demo doesn’t know the ${what} of ${address}. ${agent} can tell you when they confirm your viewing.`,
  offer: (first, second) =>
    `I can book you a viewing this Saturday. I have ${first} and ${second} open. Which suits you?`,
  which: (first, second, notOpen) =>
    `${notOpen ? 'That time isn’t open. ' : ''}I have ${first} and ${second} open this Saturday. Which would you like?`,
  already: (time) => `You’re already booked for Saturday at ${time}.`,
  booked: (time, agent) =>
    `You’re booked for Saturday at ${time} with ${agent === null ? 'the listing agent' : `${agent}, the listing agent`}. This is a demo, so no real appointment was made.`,
  fallback: (address, suggestion) =>
    `I’m an offline demo, so I can only answer a few questions about ${address}. Try asking: “${suggestion}”`,
  suggestions: {
    price: 'What’s the price?',
    rooms: 'How many bedrooms does it have?',
    slots: 'Can I book a viewing?',
    features: 'What are its best features?',
    address: 'Where is it?',
  },
  askAll: (agent) => `What name and phone number or email should ${agent} use to confirm?`,
  askName: (agent) => `And your name, so ${agent} knows who to expect?`,
  askReach: (name, agent) =>
    `Thanks, ${name}. What phone number or email should ${agent} use to confirm?`,
  passed: (name, agent) =>
    `Thanks, ${name}. I’ve passed your details to ${agent}, who will be in touch to confirm.`,
  followUp: (name) =>
    `Thanks, ${name}. I’ve saved your details for follow-up: the team will be in touch to confirm the time.`,
  couldNot: 'I couldn’t pass your details on.',
  person:
    'You can talk to a person: press “Talk to a person” below and leave your number, and an agent will call you.',
  thanks: 'Thanks.',
};
