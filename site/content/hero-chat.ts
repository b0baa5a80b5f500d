/** The listing the sample conversation is about, shown as a card inside the chat. */
export interface ChatListing {
  address: string;
  /** Short chip text, and what a screen reader says instead. */
  facts: ReadonlyArray<{ text: string; spoken: string }>;
  illustrationLabel: string;
}

/** One line of the hero's sample conversation, with the card or choices it shows. */
export interface ChatMessage {
  from: 'visitor' | 'assistant';
  text: string;
  listing?: ChatListing;
  slots?: readonly string[];
}

import { ASSISTANT_NAME, BROKERAGE_NAME } from './names.ts';

export const heroChat = {
  assistantName: ASSISTANT_NAME,
  assistantRole: `AI assistant · ${BROKERAGE_NAME}`,
  status: 'Online now',
  messages: [
    {
      from: 'visitor',
      text: 'Hi! Is the house on Linden Court still available? I’d love to see it.',
    },
    {
      from: 'assistant',
      text:
        `Hi, I’m ${ASSISTANT_NAME}! ` +
        'Yes, 14 Linden Court is available: a 3-bedroom, 2-bath home listed at ' +
        '$450,000, with a renovated kitchen and a fenced backyard.',
      listing: {
        address: '14 Linden Court',
        facts: [
          { text: '3 bd', spoken: '3 bedrooms' },
          { text: '2 ba', spoken: '2 bathrooms' },
          { text: '$450,000', spoken: 'listed at $450,000' },
        ],
        illustrationLabel: 'Drawing of 14 Linden Court: a two-storey home with a fenced yard',
      },
    },
    {
      from: 'assistant',
      text: 'I can book you a viewing this Saturday. I have 2:00 PM and 4:00 PM open. Which suits you?',
      slots: ['2:00 PM', '4:00 PM'],
    },
    { from: 'visitor', text: '2:00 PM works for me.' },
    {
      from: 'assistant',
      text:
        'You’re booked for Saturday at 2:00 PM with Daniel, the listing agent. ' +
        'Daniel will confirm by phone.',
    },
  ] satisfies ChatMessage[],
} as const;
