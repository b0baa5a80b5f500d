import type { ReactElement } from 'react';
import type { WidgetTexts } from '../../element/i18n/widget-texts.ts';
import type { ChatState } from './chat-state.ts';

interface ChatLogProps {
  chat: ChatState;
  texts: WidgetTexts;
  onRetry(id: number): void;
}

/**
 * A minimal transcript log: every entry (typed or spoken) with who said it, typed lines marked,
 * a failed line kept with its retry button, and the typing indicator. The conversation view's
 * `Transcript` log can render the same entries instead (see chat-state.ts).
 */
export function ChatLog({ chat, texts, onRetry }: ChatLogProps): ReactElement {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a log that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <div className="chat-log" role="log" aria-label={texts.transcript} tabIndex={0}>
      {chat.entries.map((entry) => (
        <p
          key={entry.id}
          className={`chat-line chat-line--${entry.role}`}
          data-typed={entry.typed ? 'true' : 'false'}
        >
          <span className="chat-who">
            {entry.role === 'user' ? texts.you : texts.assistant}
            {entry.typed ? ` (${texts.typed})` : ''}:
          </span>{' '}
          <span className="chat-text">{entry.text}</span>
          {entry.status === 'failed' ? (
            <span className="chat-failed">
              {' '}
              {texts.notSent}{' '}
              <button type="button" className="chat-retry" onClick={() => onRetry(entry.id)}>
                {texts.retry}
              </button>
            </span>
          ) : null}
        </p>
      ))}
      {chat.waiting ? <p className="chat-typing">{texts.typing}</p> : null}
    </div>
  );
}
