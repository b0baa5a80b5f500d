import { heroChat } from '../content/hero-chat.ts';
import { useInViewOnce } from '../hooks/use-in-view.ts';
import { useReducedMotion } from '../hooks/use-media-query.ts';
import { useStaggeredCount } from '../hooks/use-staggered-count.ts';
import { CHAT_REVEAL_STEP_MS } from '../lib/constants.ts';

/**
 * The sample conversation beside the headline. Once it scrolls into view its messages appear one
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
          </li>
        ))}
      </ol>
    </figure>
  );
}
