import { type ChatListing, heroChat } from '../content/hero-chat.ts';
import { useInViewOnce } from '../hooks/use-in-view.ts';
import { useReducedMotion } from '../hooks/use-media-query.ts';
import { useStaggeredCount } from '../hooks/use-staggered-count.ts';
import { CHAT_REVEAL_STEP_MS } from '../lib/constants.ts';
import { HomeIllustration } from './home-illustration.tsx';

function ListingCard({ listing }: { listing: ChatListing }) {
  return (
    <span className="listing-card">
      <HomeIllustration className="listing-art" title={listing.illustrationLabel} />
      <span className="listing-body">
        <span className="listing-address">{listing.address}</span>
        <span className="chips">
          {listing.facts.map((fact) => (
            <span key={fact.text} className="chip">
              <span aria-hidden="true">{fact.text}</span>
              <span className="visually-hidden">{fact.spoken}</span>
            </span>
          ))}
        </span>
      </span>
    </span>
  );
}

/**
 * The sample conversation beside the headline, with the listing it talks about as a card and
 * the offered viewing times as chips. Once it scrolls into view its messages appear one
 * after another, message i at i × 200 ms (all at once under reduced motion).
 */
export function HeroChat() {
  const [ref, inView] = useInViewOnce<HTMLElement>();
  const reduce = useReducedMotion();
  const { assistantName, assistantRole, status, messages } = heroChat;
  const shown = useStaggeredCount(messages.length, CHAT_REVEAL_STEP_MS, inView, reduce);

  return (
    <figure className="chat" ref={ref}>
      <figcaption className="chat-header">
        <span className="chat-avatar" aria-hidden="true">
          {assistantName.charAt(0)}
        </span>
        <span className="chat-title">
          <span className="chat-name">
            {assistantName}
            <span className="visually-hidden">, sample conversation</span>
          </span>
          <span className="chat-role">{assistantRole}</span>
        </span>
        <span className="chat-status">{status}</span>
      </figcaption>
      <ol className="chat-log">
        {messages.map((message, index) => (
          <li
            // The conversation is fixed content, so its order is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            key={index}
            className={`chat-message from-${message.from}${index < shown ? ' is-shown' : ''}`}
          >
            <span className="visually-hidden">
              {message.from === 'assistant' ? `${assistantName}: ` : 'Visitor: '}
            </span>
            {message.text}
            {message.listing ? <ListingCard listing={message.listing} /> : null}
            {message.slots ? (
              <span className="chips chat-slots" aria-hidden="true">
                {message.slots.map((slot) => (
                  <span key={slot} className="chip chip-slot">
                    {slot}
                  </span>
                ))}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </figure>
  );
}
