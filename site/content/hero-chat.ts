import copy from '../copy/hero-chat.json' with { type: 'json' };
import { ASSISTANT_NAME, withNames } from './names.ts';

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

/** The hero's sample conversation: `site/copy/hero-chat.json`, with the names filled in. */
export const heroChat = {
  assistantName: ASSISTANT_NAME,
  assistantRole: withNames(copy.assistantRole),
  status: copy.status,
  messages: copy.messages.map((message) => ({
    ...message,
    text: withNames(message.text),
  })) as readonly ChatMessage[],
} as const;
