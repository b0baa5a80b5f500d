/** One line of the hero's sample conversation. */
export interface ChatMessage {
  from: 'visitor' | 'assistant';
  text: string;
}

/** The sample assistant's name, used in the chat header and its messages. */
export const ASSISTANT_NAME = 'Nora';

export const heroChat = {
  assistantName: ASSISTANT_NAME,
  assistantRole: 'AI assistant · Maple Ridge Realty',
  status: 'Online now',
  messages: [
    {
      from: 'visitor',
      text: 'Hi! Is the house on Linden Court still available? I’d love to see it.',
    },
    {
      from: 'assistant',
      text:
        'Hi, I’m Nora! Yes, 14 Linden Court is available: a 3-bedroom, 2-bath home listed at ' +
        '$450,000, with a renovated kitchen and a fenced backyard.',
    },
    {
      from: 'assistant',
      text: 'I can book you a viewing this Saturday. I have 2:00 PM and 4:00 PM open. Which suits you?',
    },
    { from: 'visitor', text: '2:00 PM works for me.' },
    {
      from: 'assistant',
      text:
        'You’re booked for Saturday at 2:00 PM with Daniel, the listing agent. I’ve texted you ' +
        'the address and a reminder.',
    },
  ] satisfies ChatMessage[],
} as const;
